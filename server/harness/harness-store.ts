import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HarnessStatus } from '../../common/api-schemas.ts';
import type { HarnessProblem } from '../../common/harness-problem.ts';
import type { Harness } from '../../harness/schema.ts';
import { displayName, type HarnessError, loadHarness, parseHarness } from './harness-loader.ts';

/** How long to wait after the last file event before reloading (editors write in bursts). */
export const RELOAD_DEBOUNCE_MS = 100;

/** The harness could not be loaded at start-up; the message says where and why. */
export class HarnessLoadError extends Error {
  constructor(readonly detail: HarnessError) {
    super(detail.message);
    this.name = 'HarnessLoadError';
  }
}

export interface HarnessStoreOptions {
  /** Where one-line reload reports go; stderr by default. */
  log?: (line: string) => void;
  debounceMs?: number;
}

/**
 * Holds the active harness and reloads it when its file changes, so an edit
 * takes effect without a restart. A broken edit never replaces a good harness:
 * the last good one stays active and the error is reported in `status()`.
 */
export class HarnessStore {
  readonly file: string;
  #harness: Harness;
  #problem: HarnessProblem | null = null;
  /** The text last read, good or bad: an event that changed nothing is ignored. */
  #lastText: string | undefined;
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<(status: HarnessStatus) => void>();
  readonly #log: (line: string) => void;
  readonly #debounceMs: number;

  private constructor(file: string, harness: Harness, text: string, options: HarnessStoreOptions) {
    this.file = file;
    this.#harness = harness;
    this.#lastText = text;
    this.#log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.#debounceMs = options.debounceMs ?? RELOAD_DEBOUNCE_MS;
  }

  /** Loads the harness; throws HarnessLoadError when it is missing or invalid, so start-up stops. */
  static async open(file: string, options: HarnessStoreOptions = {}): Promise<HarnessStore> {
    const absolute = path.resolve(file);
    const text = await readFile(absolute, 'utf8').catch(() => undefined);
    const result = text === undefined ? await loadHarness(absolute) : parseHarness(text, absolute);
    if (!result.ok) throw new HarnessLoadError(result.error);
    return new HarnessStore(absolute, result.harness, text ?? '', options);
  }

  /** The active harness: the last one that validated. */
  current(): Harness {
    return this.#harness;
  }

  /** What the UI shows: whether the file on disk is in force, and the profiles. */
  status(): HarnessStatus {
    const h = this.#harness;
    return {
      ok: this.#problem === null,
      problem: this.#problem,
      file: this.file,
      defaultProfile: h.defaultProfile,
      profiles: Object.entries(h.profiles).map(([id, p]) => ({
        id,
        label: p.label,
        description: p.description,
      })),
      searchSynonyms: h.search.synonyms,
    };
  }

  /**
   * Watches the file's folder rather than the file, so saves that write a
   * temporary file and rename it over the original keep being seen.
   */
  watch(): void {
    if (this.#watcher) return;
    const base = path.basename(this.file);
    this.#watcher = watch(path.dirname(this.file), { persistent: false }, (_event, name) => {
      // Some platforms omit the name; reloading then is cheap and safe.
      if (name === null || name === base) this.#schedule();
    });
    this.#watcher.on('error', (err) =>
      this.#log(`[soma] el arnés ya no se vigila: ${err.message}`),
    );
  }

  /** Called after every reload that changed something; returns an unsubscribe function. */
  onChange(listener: (status: HarnessStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Re-reads the file now; reloads run one at a time, in order. */
  reload(): Promise<HarnessStatus> {
    const next = this.#queue.then(() => this.#reloadNow());
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Stops watching and forgets listeners. */
  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#listeners.clear();
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.reload().catch((err: unknown) => this.#log(`[soma] error al recargar el arnés: ${err}`));
    }, this.#debounceMs);
  }

  async #reloadNow(): Promise<HarnessStatus> {
    const text = await readFile(this.file, 'utf8').catch(() => undefined);
    if (text !== undefined && text === this.#lastText) return this.status();
    this.#lastText = text;
    const result =
      text === undefined ? await loadHarness(this.file) : parseHarness(text, this.file);
    if (result.ok) {
      this.#harness = result.harness;
      this.#problem = null;
      this.#log(`[soma] arnés recargado: ${displayName(this.file)}`);
    } else {
      this.#problem = result.error.problem;
      // One line, whatever the message holds, so logs stay greppable.
      const oneLine = result.error.message.replace(/\s*\n\s*/g, ' ');
      this.#log(`[soma] cambio del arnés rechazado, sigue activo el anterior: ${oneLine}`);
    }
    const status = this.status();
    for (const listener of this.#listeners) listener(status);
    return status;
  }
}
