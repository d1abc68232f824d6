import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  ConversationEvent,
  ConversationMetaPatch,
  ConversationPage,
  ConversationSummary,
  SyncTurn,
  UploadBody,
  UploadResult,
} from '../../common/conversation-schemas.ts';
import { KeyedQueue } from '../../common/keyed-queue.ts';
import { syncDir } from '../storage/durable-file.ts';
import {
  applyRecord,
  type ConversationState,
  emptyState,
  foldRecords,
  type LogRecord,
} from './conversation-state.ts';
import { type IndexEntry, readIndex } from './index-entries.ts';
import { appendLog, frameRecord, readLog } from './record-log.ts';

/** How long a question holds its conversation for its answer when nothing is heard of it. */
export const ANSWER_LEASE_MS = 120_000;
/** Conversations kept parsed in memory, the most recently used. */
const CACHED = 16;

/** What appending a turn did: added (or found, by its id), or refused. */
export type AppendOutcome =
  | { kind: 'ok'; seq: number; duplicate: boolean }
  | { kind: 'busy'; answering: string }
  | { kind: 'deleted' };

export interface ConversationStoreOptions {
  clock?: () => number;
  /** The harness's default profile, for a conversation created without one. */
  defaultProfile?: () => string;
}

/**
 * Every conversation of every device, kept on the laptop in `<configDir>/conversations/`
 * (0700; files 0600): one append-only log per conversation (`c/<id>.log`, the truth) and
 * an index log of summaries (`index.log`), both of checksummed records. A turn is
 * acknowledged once its record is on disk (fdatasync). Only the summaries stay in memory;
 * a conversation's turns are read from its log when asked for.
 */
export class ConversationStore {
  readonly #logs: string;
  readonly #indexFile: string;
  readonly #clock: () => number;
  readonly #defaultProfile: () => string;
  readonly #summaries = new Map<string, IndexEntry>();
  readonly #queue = new KeyedQueue();
  readonly #cache = new Map<string, ConversationState>();
  readonly #answering = new Map<string, { turnId: string; until: number; text: string }>();
  readonly #listeners = new Set<(event: ConversationEvent) => void>();
  #indexRecords = 0;
  /** The stamps of changes still being written: not listed yet, though their time has come. */
  readonly #writing = new Set<{ at: number }>();
  /** The summaries newest first, kept until one changes. */
  #sorted: IndexEntry[] | null = null;

  private constructor(dir: string, options: ConversationStoreOptions) {
    this.#logs = join(dir, 'c');
    this.#indexFile = join(dir, 'index.log');
    this.#clock = options.clock ?? Date.now;
    this.#defaultProfile = options.defaultProfile ?? (() => 'default');
  }

  /**
   * Opens `<configDir>/conversations/`, creating it. The index is checked against the logs
   * (a crash may leave it a record behind): a log whose size differs is read again.
   */
  static async open(
    configDir: string,
    options: ConversationStoreOptions = {},
  ): Promise<ConversationStore> {
    const dir = join(configDir, 'conversations');
    const store = new ConversationStore(dir, options);
    await mkdir(store.#logs, { recursive: true, mode: 0o700 });
    const { entries, records } = await readIndex(store.#indexFile);
    store.#indexRecords = records;
    for (const entry of entries) store.#summaries.set(entry.id, entry);
    await store.#reconcile();
    if (store.#indexRecords > 2 * store.#summaries.size + 1000) await store.#compact();
    return store;
  }

  /**
   * Conversations, the most recently changed first, `limit` of them from `offset`; with
   * `since`, those changed after it, deleted ones included. Returns the page and how many
   * there are in all.
   */
  list(options: { since?: number; offset?: number; limit?: number } = {}): {
    conversations: ConversationSummary[];
    total: number;
  } {
    const { since, offset = 0, limit = Number.POSITIVE_INFINITY } = options;
    this.#sorted ??= [...this.#summaries.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    const all = this.#sorted.filter((s) =>
      since === undefined ? s.deletedAt === undefined : s.updatedAt > since,
    );
    const page = all.slice(offset, offset + limit).map(({ bytes: _bytes, ...summary }) => summary);
    return { conversations: page, total: all.length };
  }

  /**
   * The server's clock for a client's next `since`, a millisecond early and never past a
   * change still being written: one stamped before a listing but listed only once its
   * fsync ends (or stamped in the listing's millisecond) is in that client's next
   * listing, not missed for good. Listing one twice costs nothing: pulls are idempotent.
   */
  now(): number {
    let at = this.#clock();
    for (const w of this.#writing) at = Math.min(at, w.at);
    return at - 1;
  }

  /** Runs one change of `id` in its queue, stamped with the clock, held as being written. */
  #change<T>(id: string, change: (now: number) => Promise<T>): Promise<T> {
    return this.#queue.run(id, async () => {
      const stamp = { at: this.#clock() };
      this.#writing.add(stamp);
      try {
        return await change(stamp.at);
      } finally {
        this.#writing.delete(stamp);
      }
    });
  }

  /** A conversation and its turns after `after` (a seq); null when unknown or deleted. */
  page(id: string, after = 0): Promise<ConversationPage | null> {
    return this.#queue.run(id, async () => {
      const state = await this.#load(id);
      if (!state) return null;
      return {
        id,
        title: state.title,
        profile: state.profile,
        project: state.project,
        chips: state.chips,
        createdAt: state.createdAt,
        updatedAt: state.updatedAt,
        turns: state.turns.filter((t) => t.seq > after),
        cursor: state.turns.at(-1)?.seq ?? 0,
        answering: this.answering(id),
        answerText: this.answering(id) === null ? '' : (this.#answering.get(id)?.text ?? ''),
      };
    });
  }

  /** The question of `id` being answered now, if any. */
  answering(id: string): string | null {
    const held = this.#answering.get(id);
    if (!held || held.until <= this.#clock()) return null;
    return held.turnId;
  }

  /**
   * Appends one turn, creating the conversation with `meta` when new. The same turn id
   * again answers its first seq and changes nothing. A question while another question
   * of the conversation waits for its answer is refused (`busy`); an answer releases it.
   */
  append(id: string, turn: SyncTurn, meta?: ConversationMetaPatch): Promise<AppendOutcome> {
    return this.#change(id, async (now) => {
      if (this.#summaries.get(id)?.deletedAt !== undefined) return { kind: 'deleted' } as const;
      const existing = await this.#load(id);
      const state = existing ?? emptyState(id, now, this.#defaultProfile());
      const known = state.seqById.get(turn.id);
      if (known !== undefined) return { kind: 'ok', seq: known, duplicate: true } as const;
      const answering = this.answering(id);
      if (turn.role === 'user' && answering !== null) return { kind: 'busy', answering } as const;
      const records: LogRecord[] = [];
      if (!existing || meta) {
        records.push({
          k: 'meta',
          at: now,
          ...(existing ? {} : { createdAt: now }),
          meta: existing ? (meta ?? {}) : { profile: state.profile, project: null, ...meta },
        });
      }
      const seq = (state.turns.at(-1)?.seq ?? 0) + 1;
      records.push({ k: 'turn', at: now, seq, turn });
      await this.#write(state, records, !existing);
      if (turn.role === 'user') {
        this.#answering.set(id, { turnId: turn.id, until: now + ANSWER_LEASE_MS, text: '' });
      } else {
        this.#answering.delete(id);
      }
      if (records.length > 1) this.#emit({ id, change: 'meta' });
      this.#emit({ id, change: 'turn', seq });
      this.#emit({ id, change: 'answering', answering: this.answering(id) });
      return { kind: 'ok', seq, duplicate: false } as const;
    });
  }

  /** Changes a conversation's title, profile, project or chips; false when it is not there. */
  patch(id: string, meta: ConversationMetaPatch): Promise<boolean> {
    return this.#change(id, async (now) => {
      const state = await this.#load(id);
      if (!state) return false;
      await this.#write(state, [{ k: 'meta', at: now, meta }], false);
      this.#emit({ id, change: 'meta' });
      return true;
    });
  }

  /** Deletes a conversation on every device: its log goes, a tombstone stays in the index. */
  remove(id: string): Promise<boolean> {
    return this.#change(id, async (now) => {
      const summary = this.#summaries.get(id);
      if (!summary || summary.deletedAt !== undefined) return false;
      const tombstone: IndexEntry = { ...summary, updatedAt: now, deletedAt: now, bytes: 0 };
      // The tombstone is durable before the log goes: a crash between leaves a log the next start deletes.
      await appendLog(this.#indexFile, [tombstone], true);
      this.#indexRecords++;
      this.#summaries.set(id, tombstone);
      this.#sorted = null;
      this.#cache.delete(id);
      this.#answering.delete(id);
      await unlink(this.#logFile(id)).catch(() => undefined);
      this.#emit({ id, change: 'deleted' });
      return true;
    });
  }

  /** Takes in what a browser held: turns whose ids are known are skipped, the rest appended in order. */
  async upload(body: UploadBody): Promise<UploadResult> {
    const results: UploadResult['results'] = [];
    for (const conversation of body.conversations) {
      const { id } = conversation;
      results.push(
        await this.#change(id, async (now) => {
          if (this.#summaries.get(id)?.deletedAt !== undefined) {
            return { id, added: 0, skipped: conversation.turns.length, deleted: true };
          }
          const existing = await this.#load(id);
          const state = existing ?? emptyState(id, conversation.createdAt, this.#defaultProfile());
          const records: LogRecord[] = existing
            ? []
            : [
                {
                  k: 'meta',
                  at: now,
                  createdAt: conversation.createdAt,
                  meta: { profile: state.profile, project: null, ...conversation.meta },
                },
              ];
          let seq = state.turns.at(-1)?.seq ?? 0;
          const seen = new Set<string>();
          for (const turn of conversation.turns) {
            if (state.seqById.has(turn.id) || seen.has(turn.id)) continue;
            seen.add(turn.id);
            records.push({ k: 'turn', at: now, seq: ++seq, turn });
          }
          if (records.length > 0) await this.#write(state, records, !existing);
          if (seen.size > 0) this.#emit({ id, change: 'turn', seq });
          const added = seen.size;
          return { id, added, skipped: conversation.turns.length - added, deleted: false };
        }),
      );
    }
    return { results };
  }

  /** Hears every change (the event stream forwards them). */
  onEvent(listener: (event: ConversationEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Passes on text of an answer being written, and keeps its question's hold alive. */
  answerProgress(id: string, text: string): void {
    const held = this.#answering.get(id);
    if (held) {
      held.until = this.#clock() + ANSWER_LEASE_MS;
      // Kept so a device that opens the conversation now starts from the text so far.
      held.text += text;
    }
    this.#emit({ id, change: 'delta', text });
  }

  /** Settles once every write started so far has settled. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }

  #emit(event: ConversationEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  #logFile(id: string): string {
    return join(this.#logs, `${id}.log`);
  }

  /** Appends records to the log (durably), then its summary to the index. */
  async #write(state: ConversationState, records: LogRecord[], created: boolean): Promise<void> {
    state.bytes += await appendLog(this.#logFile(state.id), records, true, created);
    for (const record of records) applyRecord(state, record);
    this.#remember(state);
    // The index may lag a crash behind; the next start reads the logs whose size differs.
    const entry = summaryOf(state);
    await appendLog(this.#indexFile, [entry], false);
    this.#indexRecords++;
    this.#summaries.set(state.id, entry);
    this.#sorted = null;
  }

  /** The conversation's state, from the cache or its log; null when it has none. */
  async #load(id: string): Promise<ConversationState | null> {
    const cached = this.#cache.get(id);
    if (cached) {
      this.#remember(cached);
      return cached;
    }
    const summary = this.#summaries.get(id);
    if (!summary || summary.deletedAt !== undefined) return null;
    const { records, bytes } = await readLog(this.#logFile(id), true);
    if (records.length === 0) return null;
    const state = foldRecords(id, records, bytes, this.#defaultProfile());
    this.#remember(state);
    return state;
  }

  #remember(state: ConversationState): void {
    this.#cache.delete(state.id);
    this.#cache.set(state.id, state);
    if (this.#cache.size > CACHED) this.#cache.delete(this.#cache.keys().next().value as string);
  }

  /** Makes the index agree with the logs on disk (the logs are the truth). */
  async #reconcile(): Promise<void> {
    const names = (await readdir(this.#logs)).filter((n) => n.endsWith('.log'));
    const onDisk = new Set(names.map((n) => n.slice(0, -4)));
    for (const [id, summary] of this.#summaries) {
      if (summary.deletedAt === undefined && !onDisk.has(id)) this.#summaries.delete(id);
    }
    for (const id of onDisk) {
      const summary = this.#summaries.get(id);
      if (summary?.deletedAt !== undefined) {
        await unlink(this.#logFile(id)).catch(() => undefined);
        continue;
      }
      const size = (await stat(this.#logFile(id))).size;
      if (summary && summary.bytes === size) continue;
      const { records, bytes } = await readLog(this.#logFile(id), true);
      if (records.length === 0) {
        await unlink(this.#logFile(id)).catch(() => undefined);
        this.#summaries.delete(id);
        continue;
      }
      const entry = summaryOf(foldRecords(id, records, bytes, this.#defaultProfile()));
      await appendLog(this.#indexFile, [entry], false);
      this.#indexRecords++;
      this.#summaries.set(id, entry);
    }
  }

  /** Rewrites the index with one record per conversation (write aside, sync, rename). */
  async #compact(): Promise<void> {
    const aside = `${this.#indexFile}.new`;
    await writeFile(aside, [...this.#summaries.values()].map(frameRecord).join(''), {
      mode: 0o600,
      flush: true,
    });
    await rename(aside, this.#indexFile);
    await syncDir(join(this.#indexFile, '..'));
    this.#indexRecords = this.#summaries.size;
  }
}

function summaryOf(state: ConversationState): IndexEntry {
  return {
    id: state.id,
    title: state.title,
    profile: state.profile,
    project: state.project,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    turns: state.turns.length,
    bytes: state.bytes,
  };
}
