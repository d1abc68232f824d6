import { searchInWorker } from './search-client.ts';
import type { SearchHit } from './search-types.ts';

export type { SearchHit } from './search-types.ts';

/**
 * Searches the vault for `/buscar`: the whole words typed (no prefix), ranked
 * by the worker's Spanish-aware index over the browser's copy of the vault.
 */
export async function search(query: string): Promise<SearchHit[]> {
  return (await searchInWorker(query)).hits;
}
