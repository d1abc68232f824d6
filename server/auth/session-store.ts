import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { type DeviceName, DeviceNameSchema, type SessionInfo } from '../../common/api-schemas.ts';
import { JsonFile } from '../storage/json-file.ts';

/** How often, at most, a session's `lastUsedAt` is written to disk (it is exact in memory). */
export const LAST_USED_PERSIST_MS = 60_000;

const StoredSessionSchema = z.object({
  id: z.string(),
  /** Lower-case hex SHA-256 of the token; the token itself is never stored. */
  tokenHash: z.string(),
  label: z.string(),
  /** The name SOMA chose, as a code the UI words; dropped when the person renames it. */
  device: z.optional(DeviceNameSchema),
  createdAt: z.number(),
  lastUsedAt: z.number(),
  /** How it was paired: the start-up link (the laptop), a QR code (a phone) or the `soma` command. */
  via: z.optional(z.enum(['link', 'pairing', 'cli'])),
});
/** A session as kept on disk and in memory. */
export type StoredSession = z.infer<typeof StoredSessionSchema>;

// A rename of a field needs a version bump and a migration.
const SessionsFileSchema = z.object({
  version: z.literal(1),
  sessions: z.array(StoredSessionSchema),
});

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The public view of a stored session (never the hash). */
export function toSessionInfo(s: StoredSession, current: boolean): SessionInfo {
  return {
    id: s.id,
    label: s.label,
    ...(s.device ? { device: s.device } : {}),
    createdAt: s.createdAt,
    lastUsedAt: s.lastUsedAt,
    current,
  };
}

/**
 * The paired browsers, persisted in `<configDir>/sessions.json` (mode 0600, written
 * atomically). Only SHA-256 digests of the tokens are stored, so a copy of the file
 * does not let anyone in.
 */
export class SessionStore {
  readonly #file: JsonFile<typeof SessionsFileSchema>;
  readonly #clock: () => number;
  /** Keyed by token hash: a lookup by a secret-derived value leaks nothing useful. */
  readonly #byHash = new Map<string, StoredSession>();
  /** When each session's `lastUsedAt` was last written, by id. */
  readonly #persistedAt = new Map<string, number>();

  private constructor(file: JsonFile<typeof SessionsFileSchema>, clock: () => number) {
    this.#file = file;
    this.#clock = clock;
  }

  /**
   * Loads the sessions of `configDir`, creating the folder (0700) when missing. A file
   * that cannot be parsed is kept aside as `sessions.json.corrupt-<time>` and the store
   * starts empty: everyone pairs again, which is safe.
   */
  static async open(configDir: string, clock: () => number = Date.now): Promise<SessionStore> {
    await mkdir(configDir, { recursive: true, mode: 0o700 });
    const file = new JsonFile(join(configDir, 'sessions.json'), SessionsFileSchema, { indent: 2 });
    const store = new SessionStore(file, clock);
    const found = await file.read();
    if (found.status === 'missing') return store;
    if (found.status === 'unreadable') throw found.error;
    if (found.status === 'corrupt') {
      const aside = `${file.path}.corrupt-${clock()}`;
      await rename(file.path, aside);
      console.warn(`sessions.json no es válido; se guarda aparte en ${aside}`);
      return store;
    }
    for (const s of found.value.sessions) {
      store.#byHash.set(s.tokenHash, s);
      store.#persistedAt.set(s.id, s.lastUsedAt);
    }
    return store;
  }

  /**
   * Creates a session, usable at once, and starts writing it to disk; the token is returned
   * once and never stored. The login does not wait for the write's fsync: behind a busy disk
   * (a first start's scan, the browser's new profile) it held POST /api/session back
   * (measured: docs/FACTS.md).
   * A crash before the write lands loses only this session: its person logs in again with
   * the link SOMA prints after every login. A revocation, which must survive a restart,
   * is awaited.
   */
  async create(
    label: string,
    via: 'link' | 'pairing' | 'cli' = 'link',
    device?: DeviceName,
  ): Promise<{ token: string; session: StoredSession }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.#clock();
    const session: StoredSession = {
      id: randomBytes(8).toString('hex'),
      tokenHash: sha256Hex(token),
      label,
      ...(device ? { device } : {}),
      createdAt: now,
      lastUsedAt: now,
      via,
    };
    this.#byHash.set(session.tokenHash, session);
    this.#persistedAt.set(session.id, now);
    this.#persistInBackground();
    return { token, session };
  }

  /** The session of `token`, or null; marks it used (written to disk at most once a minute). */
  verify(token: string): StoredSession | null {
    const session = this.#byHash.get(sha256Hex(token));
    if (!session) return null;
    const now = this.#clock();
    session.lastUsedAt = now;
    if (now - (this.#persistedAt.get(session.id) ?? 0) >= LAST_USED_PERSIST_MS) {
      this.#persistedAt.set(session.id, now);
      // Losing a lastUsedAt is harmless; a failed write must not fail the request.
      this.#persistInBackground();
    }
    return session;
  }

  /** Whether `token` opens a live session; unlike `verify`, it is not a use of it. */
  holds(token: string): boolean {
    return this.#byHash.has(sha256Hex(token));
  }

  /** All sessions, oldest first. */
  list(): StoredSession[] {
    return [...this.#byHash.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Ends a session at once; false when no session has that id. */
  async revoke(id: string): Promise<boolean> {
    const session = [...this.#byHash.values()].find((s) => s.id === id);
    if (!session) return false;
    this.#byHash.delete(session.tokenHash);
    this.#persistedAt.delete(id);
    await this.#persist();
    return true;
  }

  /** Resolves once every write started so far has finished (for shutdown and tests). */
  async flush(): Promise<void> {
    await this.#file.flush();
  }

  /** Gives a session the name its person chose; the renamed session, or null when there is none. */
  async rename(id: string, label: string): Promise<StoredSession | null> {
    const session = this.list().find((s) => s.id === id);
    if (!session) return null;
    session.label = label;
    delete session.device;
    await this.#persist();
    return session;
  }

  /** `#persist` for a caller that does not wait: a failed write is logged, never thrown. */
  #persistInBackground(): void {
    this.#persist().catch((err) => console.error('No se pudo guardar sessions.json', err));
  }

  /** Writes the sessions as they are now (writes are chained, so two never race). */
  #persist(): Promise<void> {
    return this.#file.write({ version: 1, sessions: this.list() });
  }
}
