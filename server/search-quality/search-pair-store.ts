import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import {
  type SearchPair,
  type SearchPairBody,
  SearchPairSchema,
} from '../../common/search-pair-schemas.ts';

/** How many pairs are kept (the newest): enough for a figure, small enough to read at once. */
const MAX_PAIRS = 2_000;

// A rename of a field needs a version bump and a migration.
const PairsFileSchema = z.object({ version: z.literal(1), pairs: z.array(SearchPairSchema) });

/**
 * The user's «¿Era esta?» pairs (question → chosen note), in
 * `<configDir>/search-pairs.json` (0600, atomic): on the laptop, never sent
 * anywhere, exportable and erasable. The same question and note confirmed
 * again is one pair, its time renewed.
 */
export class SearchPairStore {
  readonly #file: string;
  #pairs: SearchPair[] = [];
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string) {
    this.#file = file;
  }

  /** Loads `<configDir>/search-pairs.json`; a missing or unreadable file starts empty. */
  static async open(configDir: string): Promise<SearchPairStore> {
    await mkdir(configDir, { recursive: true, mode: 0o700 });
    const store = new SearchPairStore(join(configDir, 'search-pairs.json'));
    try {
      const parsed = safeParse(PairsFileSchema, JSON.parse(await readFile(store.#file, 'utf8')));
      if (parsed.success) store.#pairs = parsed.data.pairs;
    } catch {
      // No file yet, or not JSON: nothing remembered.
    }
    return store;
  }

  /** Every pair, oldest first. */
  list(): SearchPair[] {
    return [...this.#pairs];
  }

  /** Remembers a pair at `at` (ms since the epoch), keeping the newest MAX_PAIRS. */
  async add(pair: SearchPairBody, at: number): Promise<void> {
    const same = (p: SearchPair) => p.query === pair.query && p.path === pair.path;
    this.#pairs = [...this.#pairs.filter((p) => !same(p)), { ...pair, at }].slice(-MAX_PAIRS);
    await this.#persist();
  }

  /** Forgets every pair. */
  async erase(): Promise<void> {
    this.#pairs = [];
    await this.#persist();
  }

  /** Writes are chained so two never race; each writes the state of its own moment. */
  #persist(): Promise<void> {
    const write = async (): Promise<void> => {
      const body = { version: 1, pairs: this.#pairs };
      const { default: writeFileAtomic } = await import('write-file-atomic');
      await writeFileAtomic(this.#file, `${JSON.stringify(body)}\n`, { mode: 0o600 });
    };
    const next = this.#writing.catch(() => undefined).then(write);
    this.#writing = next;
    return next;
  }
}
