import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../common/api-schemas.ts';
import { deleteDatabase } from '../db/database.ts';
import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import type { SearchHit } from '../search/engine/search-types.ts';
import type { SearchAnswer, SearchOptions } from '../search/worker/search-client.ts';

/**
 * The worker as search-client.ts answers: words first; when the query's vector must come
 * from the server, the promise waits for the fused answer unless `onRefined` takes it.
 * Here the server never sends that vector (it hangs), except for a note's own vectors.
 */
const searchInWorker = vi.fn(
  (query: string, options: SearchOptions = {}): Promise<SearchAnswer> => {
    const hits = hitsFor(query);
    if (options.like) return Promise.resolve({ hits, ms: 1, semantic: { mode: 'hybrid' } });
    const first: SearchAnswer = { hits, ms: 1, semantic: { mode: 'pending' } };
    return options.onRefined ? Promise.resolve(first) : new Promise(() => undefined);
  },
);
vi.mock('../search/worker/search-client.ts', () => ({ searchInWorker }));
const { loadRelated } = await import('./load-related.ts');

afterEach(() => deleteDatabase());

const hit = (path: string): SearchHit => ({
  path,
  title: path.replace('.md', ''),
  folder: '',
  snippet: '',
  marks: [],
  score: 1,
});
const hitsFor = (query: string) => (query === 'Faro' ? [hit('mar.md')] : [hit('luz.md')]);

const note: Note = {
  path: 'Faro.md',
  name: 'Faro',
  content: '# Faro\n\nLa luz.',
  body: '# Faro\n\nLa luz.',
  frontMatter: null,
  frontMatterError: null,
  links: [],
  size: 14,
  mtime: 0,
  hash: 'h',
};

describe('loadRelated', () => {
  it('answers from the words when the server never sends the query vector', async () => {
    await updateCachedNotes([{ path: 'mar.md', hash: 'm', content: 'Ver [[Faro]].' }], []);
    const related = await loadRelated(note);
    expect(related).toEqual([
      { path: 'mar.md', reason: 'linkedFrom' },
      { path: 'luz.md', reason: 'similar' },
    ]);
    // The panel shows no snippets: neither query has any cut.
    for (const [, options] of searchInWorker.mock.calls) expect(options?.bare).toBe(true);
    expect(searchInWorker).toHaveBeenCalledTimes(2);
  });
});
