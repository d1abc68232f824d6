import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type $ZodType, type output, safeParse } from 'zod/v4/core';

/** What reading a JSON file found: each store decides what a missing or bad file means. */
export type JsonFileRead<T> =
  | { status: 'valid'; value: T }
  | { status: 'missing' }
  /** Not JSON, or JSON of another shape: what a crash mid-edit or a hand edit leaves. */
  | { status: 'corrupt' }
  /** It is there but cannot be read (a folder, no permission): not the same as absent. */
  | { status: 'unreadable'; error: unknown };

/** Only the owner may read these files: they hold tokens, sessions and what the user chose. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * One small JSON file of the config folder (sessions, cli.json, switches, consent, pairs,
 * the scan cache), read through its zod schema and written whole and atomically: a temp
 * file renamed over it, mode 0600, in a folder created 0700. Writes are chained so two never
 * race; the last one asked for is the one left on disk.
 */
export class JsonFile<S extends $ZodType> {
  readonly path: string;
  readonly #schema: S;
  readonly #indent: number | undefined;
  readonly #fsync: boolean;
  #writing: Promise<void> = Promise.resolve();

  /**
   * `indent` pretty-prints for a file people open (cli.json, sessions.json); `fsync: false`
   * for a file whose loss costs only time (a cache), so its write never waits on the disk.
   */
  constructor(path: string, schema: S, opts: { indent?: number; fsync?: boolean } = {}) {
    this.path = path;
    this.#schema = schema;
    this.#indent = opts.indent;
    this.#fsync = opts.fsync ?? true;
  }

  /** Reads and checks the file; never throws. */
  async read(): Promise<JsonFileRead<output<S>>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      return { status: 'unreadable', error };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { status: 'corrupt' };
    }
    const parsed = safeParse(this.#schema, json);
    return parsed.success ? { status: 'valid', value: parsed.data } : { status: 'corrupt' };
  }

  /** The file's value when it is there and valid, else `fallback` (missing, corrupt or unreadable). */
  async readOr<F>(fallback: F): Promise<output<S> | F> {
    const found = await this.read();
    return found.status === 'valid' ? found.value : fallback;
  }

  /** Writes `value` as it is now, after any write still under way. */
  write(value: output<S>): Promise<void> {
    const text = `${JSON.stringify(value, null, this.#indent)}\n`;
    const next = this.#writing.catch(() => undefined).then(() => this.#write(text));
    this.#writing = next;
    return next;
  }

  /**
   * Deletes the file, after any write still under way (a write asked for later makes it
   * again, 0600): what the user erased leaves nothing on disk, not even an empty list.
   */
  remove(): Promise<void> {
    const next = this.#writing.catch(() => undefined).then(() => rm(this.path, { force: true }));
    this.#writing = next;
    return next;
  }

  /** Resolves once every write asked for so far has finished, failed ones included. */
  async flush(): Promise<void> {
    await this.#writing.catch(() => undefined);
  }

  async #write(text: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: DIR_MODE });
    // Loaded on first write: a server nobody logs into and nothing changes never needs it.
    const { default: writeFileAtomic } = await import('write-file-atomic');
    // An explicit mode is set on the temp file before the rename, so a file someone widened
    // comes back 0600.
    await writeFileAtomic(this.path, text, { mode: FILE_MODE, fsync: this.#fsync });
  }
}
