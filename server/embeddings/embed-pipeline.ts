import type { VaultEvent } from '../../common/api-schemas.ts';
import {
  type EmbedCounters,
  type EmbedProblem,
  zeroCounters,
} from '../../common/embedding-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import type { Vault } from '../vault/vault.ts';
import { chunkNote, type NoteChunk, noteTitle } from './chunk-note.ts';
import { type Embedder, EmbedError } from './embedder.ts';
import type { NoteToStore, VectorStore } from './vector-store.ts';

/** How long to wait before retrying a failed batch: doubling from base, capped at max. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** After a failure retrying cannot fix by itself (wrong dimension, bad answer). */
  permanentMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 60_000, permanentMs: 10 * 60_000 };

export type PipelineState = 'paused' | 'waiting_consent' | 'embedding' | 'idle' | 'failing';

interface Pending {
  path: string;
  hash: string;
  chunks: NoteChunk[];
}

/**
 * Keeps the vector store in step with the vault in the background: at start it embeds
 * every note whose hash differs from the stored one and drops notes gone from the vault,
 * then follows the vault's events. One batch at a time (the embedder is the bottleneck,
 * and chat must not wait on a busy CPU), stored as soon as it is embedded, so stopping
 * loses at most the batch in flight. Failures back off and retry the same batch.
 */
export class EmbedPipeline {
  /** Every note in the vault and its hash, from the manifest and events. */
  private readonly known = new Map<string, string>();
  private readonly queue = new Set<string>();
  /** Characters each pending note would send (for consent), by path and hash. */
  private readonly survey = new Map<string, { hash: string; chars: number }>();
  readonly counters: EmbedCounters = zeroCounters();
  state: PipelineState = 'idle';
  lastError: EmbedProblem | null = null;
  private readonly abort = new AbortController();
  private wake: () => void = () => {};
  /** A wake-up that came while the loop was busy: the next idle() returns at once. */
  private woken = false;
  /** Aborts the batch in flight and its back-off when the user switches the layer off. */
  private batchAbort = new AbortController();
  /** Cuts the back-off short when the user asks to retry now (the request in flight goes on). */
  private retryAbort = new AbortController();
  /** Callers of halt() waiting for the loop to park. */
  private parkedWaiters: (() => void)[] = [];
  /** The loop has ended (stopped, or a fault it logged): nothing will be sent any more. */
  private ended = false;
  private running: Promise<void> = Promise.resolve();
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly deps: {
      vault: Pick<Vault, 'manifest' | 'readNote' | 'onEvent'>;
      store: VectorStore;
      embedder: Embedder;
      /** True while note text may be sent (always for local embedders). */
      mayEmbed: () => boolean;
      /** True while the user switched the layer off: nothing is embedded or sent. */
      paused?: () => boolean;
      backoff?: Backoff;
      /** Told of every failure as it happens (a status push, tests). */
      onFailure?: (problem: EmbedProblem) => void;
      log?: (line: string) => void;
    },
  ) {}

  /** Subscribes to the vault and starts the background loop; returns at once. */
  start(): void {
    this.unsubscribe = this.deps.vault.onEvent((e) => this.onVaultEvent(e));
    this.running = this.reconcile()
      .then(() => this.loop())
      .catch((err) => {
        if (!this.abort.signal.aborted) this.deps.log?.(`[embeddings] parado: ${String(err)}`);
      })
      .finally(() => {
        this.ended = true;
        this.releaseParked();
      });
  }

  /** Stops after aborting the batch in flight; what was stored stays stored. */
  async stop(): Promise<void> {
    this.unsubscribe();
    this.abort.abort();
    this.wakeUp();
    await this.running;
    this.releaseParked();
    await this.deps.store.flush().catch(() => {});
  }

  /** Call after consent is given or the layer switched back on: the loop stops waiting. */
  poke(): void {
    this.wakeUp();
  }

  /**
   * Call after `paused` turned true: aborts the request in flight (its notes go back to the
   * queue) and resolves once the loop is parked, so nothing more reaches the embedder.
   */
  halt(): Promise<void> {
    return new Promise((resolve) => {
      if (this.abort.signal.aborted || this.ended) return resolve();
      this.parkedWaiters.push(resolve);
      this.batchAbort.abort();
      this.wakeUp();
    });
  }

  /**
   * The user fixed the endpoint or model and asks to retry now: the back-off after a
   * failure ends at once and the failed batch is sent again. Nothing changes otherwise.
   */
  retryNow(): void {
    this.retryAbort.abort();
    this.retryAbort = new AbortController();
    this.wakeUp();
  }

  private releaseParked(): void {
    for (const resolve of this.parkedWaiters.splice(0)) resolve();
  }

  private wakeUp(): void {
    this.woken = true;
    this.wake();
  }

  progress(): { notesDone: number; notesTotal: number; chunks: number } {
    let done = 0;
    for (const [path, hash] of this.known) if (this.deps.store.get(path)?.hash === hash) done++;
    return { notesDone: done, notesTotal: this.known.size, chunks: this.deps.store.chunkCount };
  }

  /** What would leave the machine if embedding went ahead now. */
  pending(): { notes: number; characters: number } {
    let characters = 0;
    for (const path of this.queue) characters += this.survey.get(path)?.chars ?? 0;
    return { notes: this.queue.size, characters };
  }

  private async reconcile(): Promise<void> {
    const manifest = await this.deps.vault.manifest();
    for (const n of manifest.notes) this.note(n.path, n.hash);
    const gone = this.deps.store.paths().filter((p) => !this.known.has(p));
    await this.deps.store.remove(gone);
  }

  private note(path: string, hash: string): void {
    this.known.set(path, hash);
    if (this.deps.store.get(path)?.hash === hash) this.queue.delete(path);
    else this.queue.add(path);
  }

  private onVaultEvent(e: VaultEvent): void {
    if (e.type === 'upsert') this.note(e.entry.path, e.entry.hash);
    else {
      const path = e.type === 'remove' ? e.path : e.entry.path;
      this.known.delete(path);
      this.queue.delete(path);
      void this.deps.store
        .remove([path])
        .catch((err) => this.deps.log?.(`[embeddings] ${String(err)}`));
    }
    this.wakeUp();
  }

  private async loop(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      // Checked before every batch (halt() also aborts the one in flight): paused, nothing is sent.
      if (this.paused()) {
        this.state = 'paused';
        this.releaseParked();
        await this.idle();
        continue;
      }
      if (this.queue.size === 0) {
        this.state = this.lastError ? 'failing' : 'idle';
        await this.idle();
        continue;
      }
      if (!this.deps.mayEmbed()) {
        await this.surveyQueue();
        this.state = 'waiting_consent';
        await this.idle();
        continue;
      }
      if (this.state !== 'failing') this.state = 'embedding';
      const batch = await this.takeBatch();
      await this.embedWithRetry(batch);
      // Let requests in between batches run first.
      await new Promise((r) => setImmediate(r));
    }
  }

  private paused(): boolean {
    return this.deps.paused?.() ?? false;
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      if (this.abort.signal.aborted || this.woken) resolve();
      this.woken = false;
    });
  }

  /** Reads and chunks a note; null when it is gone or no longer a note. */
  private async read(path: string): Promise<Pending | null> {
    try {
      const note = await this.deps.vault.readNote(path);
      return {
        path: note.path,
        hash: note.hash,
        chunks: chunkNote(noteTitle(note.path), note.body),
      };
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 415)) return null;
      throw err;
    }
  }

  private async surveyQueue(): Promise<void> {
    for (const path of [...this.queue]) {
      const hash = this.known.get(path);
      if (hash === undefined || this.survey.get(path)?.hash === hash) continue;
      const p = await this.read(path);
      const chars = p ? p.chunks.reduce((n, c) => n + c.text.length, 0) : 0;
      this.survey.set(path, { hash: p?.hash ?? hash, chars });
    }
  }

  /** Notes off the queue until their chunks fill a batch (one note may fill several). */
  private async takeBatch(): Promise<Pending[]> {
    const batch: Pending[] = [];
    let chunks = 0;
    for (const path of this.queue) {
      if (chunks >= this.deps.embedder.batchSize) break;
      this.queue.delete(path);
      const p = await this.read(path);
      if (!p) {
        await this.deps.store.remove([path]);
        continue;
      }
      batch.push(p);
      chunks += p.chunks.length;
    }
    return batch;
  }

  private async embedWithRetry(batch: Pending[]): Promise<void> {
    const backoff = this.deps.backoff ?? DEFAULT_BACKOFF;
    if (this.batchAbort.signal.aborted) this.batchAbort = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, this.batchAbort.signal]);
    for (let attempt = 0; !signal.aborted && !this.paused(); attempt++) {
      try {
        await this.embedBatch(batch, signal);
        this.lastError = null;
        this.state = 'embedding';
        return;
      } catch (err) {
        if (signal.aborted || this.paused()) break;
        if (!(err instanceof EmbedError)) throw err;
        this.counters.failures++;
        this.lastError = err.problem;
        this.state = 'failing';
        this.deps.onFailure?.(err.problem);
        const wait = err.transient
          ? (err.retryAfterMs ?? Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt))
          : backoff.permanentMs;
        await sleep(wait, AbortSignal.any([signal, this.retryAbort.signal]));
      }
    }
    // Stopped or paused mid-batch: the notes go back, so a later start embeds them.
    for (const p of batch) this.queue.add(p.path);
  }

  private async embedBatch(batch: Pending[], signal: AbortSignal): Promise<void> {
    const { embedder, store } = this.deps;
    const texts = batch.flatMap((p) => p.chunks.map((c) => c.text));
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += embedder.batchSize) {
      const part = texts.slice(i, i + embedder.batchSize);
      const chars = part.reduce((n, t) => n + t.length, 0);
      this.counters.requests++;
      if (!embedder.local) this.counters.charactersSent += chars;
      vectors.push(...(await embedder.embed(part, 'document', signal)));
      this.counters.characters += chars;
    }
    let at = 0;
    const notes: NoteToStore[] = batch.map((p) => ({
      path: p.path,
      hash: p.hash,
      chunks: p.chunks.map((c) => ({
        heading: c.heading,
        start: c.start,
        end: c.end,
        vector: vectors[at++] as Float32Array,
      })),
    }));
    // A note changed or removed while its batch was in flight is re-queued, not stored stale.
    const current = notes.filter((n) => this.known.get(n.path) === n.hash);
    await store.put(current);
    for (const n of current) this.survey.delete(n.path);
    this.counters.notes += current.length;
    this.counters.chunks += texts.length;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}
