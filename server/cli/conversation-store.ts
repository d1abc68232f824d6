import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { type ChatTurn, ChatTurnSchema } from '../../common/chat-schemas.ts';

// A rename of a field needs a version bump and a migration.
const ConversationsFileSchema = z.object({
  version: z.literal(1),
  bySession: z.record(z.string(), z.array(ChatTurnSchema)),
});

/**
 * Conversations kept on the server, one per session: the `soma` command's memory between
 * runs (a browser keeps its own in IndexedDB). Persisted in `<configDir>/conversations.json`
 * (0600, atomic) so a restart keeps them; only the last turns the harness sends are kept.
 */
export class ConversationStore {
  readonly #file: string;
  readonly #bySession = new Map<string, ChatTurn[]>();
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string) {
    this.#file = file;
  }

  /** Loads `<configDir>/conversations.json`; a missing or unreadable file starts empty. */
  static async open(configDir: string): Promise<ConversationStore> {
    await mkdir(configDir, { recursive: true, mode: 0o700 });
    const store = new ConversationStore(join(configDir, 'conversations.json'));
    try {
      const text = await readFile(store.#file, 'utf8');
      const parsed = safeParse(ConversationsFileSchema, JSON.parse(text));
      if (parsed.success) {
        for (const [id, turns] of Object.entries(parsed.data.bySession)) {
          store.#bySession.set(id, turns);
        }
      }
    } catch {
      // No file yet, or not JSON: nothing to remember.
    }
    return store;
  }

  /** The session's turns, oldest first. */
  turns(sessionId: string): ChatTurn[] {
    return [...(this.#bySession.get(sessionId) ?? [])];
  }

  /** Appends turns and keeps the newest `keepTurns` exchanges (question + answer each). */
  async append(sessionId: string, turns: readonly ChatTurn[], keepTurns: number): Promise<void> {
    const all = [...(this.#bySession.get(sessionId) ?? []), ...turns];
    this.#bySession.set(sessionId, all.slice(-2 * keepTurns));
    await this.#persist();
  }

  /** Forgets the session's conversation (`--reiniciar`, or its session was revoked). */
  async clear(sessionId: string): Promise<void> {
    if (!this.#bySession.delete(sessionId)) return;
    await this.#persist();
  }

  /** Writes are chained so two never race; each writes the state of its own moment. */
  #persist(): Promise<void> {
    const write = async (): Promise<void> => {
      const body = { version: 1, bySession: Object.fromEntries(this.#bySession) };
      const { default: writeFileAtomic } = await import('write-file-atomic');
      await writeFileAtomic(this.#file, `${JSON.stringify(body)}\n`, { mode: 0o600 });
    };
    const next = this.#writing.catch(() => undefined).then(write);
    this.#writing = next;
    return next;
  }
}
