import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import {
  type SearchPair,
  type SearchPairBody,
  SearchPairSchema,
} from '../../common/search-pair-schemas.ts';
import { JsonFile } from '../storage/json-file.ts';

/** How many pairs are kept (the newest): enough for a figure, small enough to read at once. */
const MAX_PAIRS = 2_000;

// A rename of a field needs a version bump and a migration.
const PairsFileSchema = z.object({ version: z.literal(1), pairs: z.array(SearchPairSchema) });

/**
 * The user's «¿Era esta?» pairs (question → chosen note), in
 * `<configDir>/search-pairs.json` (0600, atomic): on the laptop, never sent
 * anywhere, exportable and erasable (erasing deletes the file). The same question and note confirmed
 * again is one pair, its time renewed.
 */
export class SearchPairStore {
  readonly #file: JsonFile<typeof PairsFileSchema>;
  #pairs: SearchPair[] = [];

  private constructor(file: JsonFile<typeof PairsFileSchema>) {
    this.#file = file;
  }

  /** Loads `<configDir>/search-pairs.json`; a missing or unreadable file starts empty. */
  static async open(configDir: string): Promise<SearchPairStore> {
    await mkdir(configDir, { recursive: true, mode: 0o700 });
    const file = new JsonFile(join(configDir, 'search-pairs.json'), PairsFileSchema);
    const store = new SearchPairStore(file);
    store.#pairs = (await file.readOr(null))?.pairs ?? [];
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

  /** Forgets every pair: the file is deleted (the next pair makes it again). */
  async erase(): Promise<void> {
    this.#pairs = [];
    await this.#file.remove();
  }

  /** Writes the pairs as they are now (writes are chained, so two never race). */
  #persist(): Promise<void> {
    return this.#file.write({ version: 1, pairs: this.#pairs });
  }
}
