import type { Manifest } from '../common/api-schemas.ts';
import type { NotesBatch } from '../common/chat-schemas.ts';
import { NoteIndex } from '../web/search/engine/search-engine.ts';
import type { SomaClient } from './soma-client.ts';

/** How many notes one POST /api/vault/batch may ask for (the route's limit). */
const BATCH = 500;

/**
 * `--buscar`: the PWA's own search engine (Spanish-aware, ranked), run over the vault
 * read through the API, so the terminal finds what the search box finds. The top hits
 * are attached, as the PWA pre-selects them.
 */
export async function searchVault(
  client: SomaClient,
  query: string,
  keep: number,
): Promise<string[]> {
  const manifest = await client.json<Manifest>('/api/vault/manifest');
  const index = NoteIndex.empty();
  const paths = manifest.notes.map((n) => n.path);
  for (let i = 0; i < paths.length; i += BATCH) {
    const batch = await client.json<NotesBatch>('/api/vault/batch', {
      method: 'POST',
      body: { paths: paths.slice(i, i + BATCH) },
    });
    for (const note of batch.notes) index.upsert(note.path, note.content);
  }
  return index
    .search(query, {}, false)
    .slice(0, keep)
    .map((hit) => hit.path);
}
