import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ANALYZER_VERSION } from '../../../common/spanish/spanish-analyzer.ts';
import { deleteDatabase } from '../../db/database.ts';
import { updateCachedNotes } from '../../db/notes-cache-repo.ts';
import { knowPageKeys, pageKeysKnown } from '../../db/page-keys.ts';
import { loadSearchIndex, SEARCH_INDEX_KEY, saveSearchIndex } from '../../db/search-index-repo.ts';
import { copiedHashes } from '../../db/vault-copy-repo.ts';
import { toNoteDocument } from '../analysis/note-document.ts';
import type { NoteAnalysis } from './analysis-pool.ts';
import { noteAnalyzer } from './note-index.ts';
import { createSearchEngine } from './search-engine.ts';

afterEach(() => deleteDatabase());

const note = (path: string, content: string) => ({ path, hash: `h:${content}`, content });
/** An engine that indexed `notes`, copied first, and saved its index. */
async function savedWith(...notes: ReturnType<typeof note>[]) {
  const engine = createSearchEngine();
  await updateCachedNotes(notes, []);
  engine.apply({ upserted: notes, removed: [] });
  await engine.flush();
  return engine;
}
const paths = async (engine: ReturnType<typeof createSearchEngine>, q: string) =>
  (await engine.search(q, {}, false)).map((h) => h.path);

describe('web/search/engine/search-engine', () => {
  it('indexes changes note by note and answers with marked snippets', async () => {
    const engine = createSearchEngine();
    const faro = note('04_Sueños/Faro.md', 'Un faro en la niebla.');
    await updateCachedNotes([faro], []);
    engine.apply({ upserted: [faro], removed: [] });
    const [hit] = await engine.search('faros', {}, false);
    expect(hit).toMatchObject({
      path: faro.path,
      folder: '04_Sueños',
      snippet: 'Un faro en la niebla.',
    });
    expect(hit?.marks).toEqual([[3, 7]]);
    engine.apply({ upserted: [], removed: [faro.path] });
    expect(await paths(engine, 'faro')).toEqual([]);
  });

  it('saves itself, and a new engine loads it and catches up from the copy', async () => {
    const first = createSearchEngine();
    const a = note('a.md', 'bóveda antigua');
    const b = note('b.md', 'jardín de otoño');
    await updateCachedNotes([a, b], []);
    first.apply({ upserted: [a, b], removed: [] });
    await first.flush();

    // The copy moved on while the index was not saved: b.md edited, a.md deleted.
    const b2 = note('b.md', 'huerto de verano');
    await updateCachedNotes([b2], ['a.md']);
    const second = createSearchEngine();
    expect(await second.load()).toBe(true);
    expect(await paths(second, 'boveda')).toEqual(['a.md']);
    await second.reconcile(new Map([['b.md', b2.hash]]));
    expect(await paths(second, 'boveda')).toEqual([]);
    expect(await paths(second, 'huerto')).toEqual(['b.md']);
    expect(await paths(second, 'jardin')).toEqual([]);
  });

  it("keeps the copy's page keys with the index: a reload's first reads find pages by key", async () => {
    // The (empty) copy's page keys, learnt as a sync's diff learns them; the writes keep them.
    await copiedHashes();
    const notes = Array.from({ length: 40 }, (_, i) =>
      note(`n${String(i).padStart(2, '0')}.md`, `nota ${i} del faro`),
    );
    await savedWith(...notes);
    const known = [...(pageKeysKnown() ?? [])];
    expect(known).toEqual(['n00.md', 'n16.md', 'n32.md']);
    expect((await loadSearchIndex(SEARCH_INDEX_KEY))?.pageKeys).toEqual(known);
    // A reload: a new worker knows no keys until it loads the index.
    knowPageKeys(null);
    const second = createSearchEngine();
    expect(await second.load()).toBe(true);
    expect(pageKeysKnown()).toEqual(known);
    expect((await paths(second, 'faro')).length).toBeGreaterThan(0);
  });

  it('expands queries with the synonyms it is given, without re-indexing', async () => {
    const engine = createSearchEngine();
    const a = note('a.md', 'El directorio de fotos.');
    await updateCachedNotes([a], []);
    engine.apply({ upserted: [a], removed: [] });
    expect(await paths(engine, 'carpeta')).toEqual([]);
    engine.setSynonyms([['carpeta', 'directorio']]);
    expect(await paths(engine, 'carpeta')).toEqual(['a.md']);
  });

  it('saves its index only once the copy holds every note it names (a first sync holds its writes)', async () => {
    let copyWritten: () => void = () => undefined;
    const written = new Promise<void>((resolve) => (copyWritten = resolve));
    const engine = createSearchEngine({ copyWritten: () => written });
    engine.apply({ upserted: [note('a.md', 'faro')], removed: [] });
    const saved = engine.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await loadSearchIndex('notes')).toBeUndefined();
    copyWritten();
    await saved;
    expect(await loadSearchIndex('notes')).toBeDefined();
  });

  it('finds no saved index before the first save', async () => {
    expect(await createSearchEngine().load()).toBe(false);
  });

  it('rebuilds rather than loads an index saved in the older, uncompressed form', async () => {
    const old = {
      key: 'notes',
      analyzerVersion: ANALYZER_VERSION,
      json: '{}',
      hashes: {},
      updatedAt: 1,
    };
    await saveSearchIndex(old as Parameters<typeof saveSearchIndex>[0]);
    expect(await createSearchEngine().load()).toBe(false);
  });

  it('rebuilds an index saved in layout 3 (one gzip), and its next save is in the new layout', async () => {
    const old = {
      key: 'notes',
      analyzerVersion: ANALYZER_VERSION,
      packed: await new Response(
        new Blob(['SOM3']).stream().pipeThrough(new CompressionStream('gzip')),
      ).arrayBuffer(),
      updatedAt: 1,
    };
    await saveSearchIndex(old);
    const engine = createSearchEngine();
    expect(await engine.load()).toBe(false);
    const a = note('a.md', 'bóveda antigua');
    await updateCachedNotes([a], []);
    await engine.reconcile(new Map([['a.md', a.hash]]));
    await engine.flush();
    const saved = await loadSearchIndex('notes');
    expect(saved?.packed).toBeUndefined();
    const again = createSearchEngine();
    expect(await again.load()).toBe(true);
    expect(await paths(again, 'boveda')).toEqual(['a.md']);
  });

  it('loads from a read already begun (the worker starts it as it boots)', async () => {
    await savedWith(note('a.md', 'bóveda antigua'));
    const read = loadSearchIndex('notes');
    await deleteDatabase();
    const second = createSearchEngine();
    expect(await second.load(read)).toBe(true);
    expect(await paths(second, 'boveda')).toEqual(['a.md']);
  });

  it('answers a bare search with the same ranking and no snippets', async () => {
    const engine = await savedWith(
      note('a.md', 'Un faro en la niebla.'),
      note('b/c.md', '# Faro\n\nEl faro del puerto, y otro faro.'),
    );
    const full = await engine.search('faro', {}, false);
    const bare = await engine.search('faro', {}, false, true);
    expect(full.map((h) => h.snippet).every((s) => s.length > 0)).toBe(true);
    expect(bare).toEqual(full.map((h) => ({ ...h, snippet: '', marks: [] })));
  });

  it('cuts snippets from the edited text, not a cached older one', async () => {
    const engine = createSearchEngine();
    const a = note('a.md', 'Un faro en la niebla.');
    await updateCachedNotes([a], []);
    engine.apply({ upserted: [a], removed: [] });
    expect((await engine.search('faro', {}, false))[0]?.snippet).toBe('Un faro en la niebla.');
    const a2 = note('a.md', 'Otro faro, sin niebla.');
    await updateCachedNotes([a2], []);
    engine.apply({ upserted: [a2], removed: [] });
    expect((await engine.search('faro', {}, false))[0]?.snippet).toBe('Otro faro, sin niebla.');
  });

  it('cuts the same snippet from a note read again from its cache, without front matter or Markdown', async () => {
    const engine = createSearchEngine();
    const a = note('a.md', '---\ntags: [mar]\n---\n# Faro\n\n**Un** faro en [[Niebla|la bruma]].');
    await updateCachedNotes([a], []);
    engine.apply({ upserted: [a], removed: [] });
    const snippets = [];
    for (let i = 0; i < 2; i++) snippets.push((await engine.search('faro', {}, false))[0]?.snippet);
    expect(snippets).toEqual(['Faro Un faro en la bruma.', 'Faro Un faro en la bruma.']);
  });

  it('files many new notes analysed elsewhere; a failed analysis fails the sync once, its retry indexes them', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      note(`n${i}.md`, `Nota ${i} sobre ${i % 2 ? 'el faro' : 'el huerto'}.`),
    );
    await updateCachedNotes(many, []);
    let calls = 0;
    let resets = 0;
    const analysis: NoteAnalysis = {
      async analyze(notes) {
        if (++calls === 2) throw new Error('analizador caído');
        const docs = notes.map((n) => toNoteDocument(n.path, n.content));
        return { analyzed: noteAnalyzer().analyze(docs), source: 7 };
      },
      reset: () => resets++,
    };
    const engine = createSearchEngine({ analysis });
    await engine.apply({ upserted: many.slice(0, 60), removed: [] });
    await engine.apply({ upserted: many.slice(60), removed: [] });
    const manifest = new Map(many.map((n) => [n.path, n.hash]));
    await expect(engine.reconcile(manifest)).rejects.toThrow('analizador caído');
    expect(engine.size).toBe(60);
    expect(resets).toBe(1);
    await engine.reconcile(manifest);
    expect(engine.size).toBe(120);
    expect(calls).toBe(3);
    const found = await paths(engine, 'faro');
    expect(found).toHaveLength(20);
    expect(found.every((p) => Number(p.slice(1, -3)) % 2 === 1)).toBe(true);
  });

  it('after a reload, warms every note into memory: same snippets, no longer read from the copy', async () => {
    const first = createSearchEngine();
    const notes = [
      note('a.md', '---\ntags: [mar]\n---\n# Faro\n\n**Un** faro en [[Niebla|la bruma]].'),
      note('b.md', 'El faro del puerto, y la bóveda del *faro* viejo.'),
    ];
    await updateCachedNotes(notes, []);
    first.apply({ upserted: notes, removed: [] });
    await first.flush();
    const before = await first.search('faro', {}, false);

    const second = createSearchEngine();
    expect(await second.load()).toBe(true);
    // Read from the copy (a.md only), then the warm-up's pass brings in the rest.
    expect((await second.search('bruma', {}, false))[0]?.snippet).toBe(before[0]?.snippet);
    await second.warm();
    // Gone from the copy, still in the index: only the worker's memory has their text now.
    await updateCachedNotes([], ['a.md', 'b.md']);
    expect(await second.search('faro', {}, false)).toEqual(before);
  });

  it('counts changes to the index (a sync compares them), not notes applied again unchanged', async () => {
    const engine = createSearchEngine();
    const a = note('a.md', 'bóveda antigua');
    await updateCachedNotes([a], []);
    const start = engine.revision;
    engine.apply({ upserted: [a], removed: [] });
    const added = engine.revision;
    expect(added).toBeGreaterThan(start);
    // A reload's sync: the same notes, by hash, and a removal of a note the index never had.
    engine.apply({ upserted: [a], removed: ['nunca.md'] });
    await engine.reconcile(new Map([[a.path, a.hash]]));
    expect(engine.revision).toBe(added);
    const a2 = note('a.md', 'bóveda nueva');
    await updateCachedNotes([a2], []);
    await engine.reconcile(new Map([[a.path, a2.hash]]));
    expect(engine.revision).toBeGreaterThan(added);
    const edited = engine.revision;
    engine.apply({ upserted: [], removed: [a.path] });
    expect(engine.revision).toBeGreaterThan(edited);
  });

  it("measures the first search after a load step by step (a reload's first answer), and no other", async () => {
    const first = await savedWith(note('a.md', 'Un faro en la niebla.'));
    await first.search('faro', {}, false);
    const steps = ['rank', 'read', 'snippets'].map((s) => `soma:first-search-${s}`);
    const counts = () => steps.map((name) => performance.getEntriesByName(name, 'measure').length);
    performance.clearMeasures();
    expect(counts()).toEqual([0, 0, 0]);

    const second = createSearchEngine();
    expect(await second.load()).toBe(true);
    expect((await second.search('faro', {}, false))[0]?.path).toBe('a.md');
    expect(counts()).toEqual([1, 1, 1]);
    await second.search('niebla', {}, false);
    expect(counts()).toEqual([1, 1, 1]);
    performance.clearMeasures();
  });

  it('an edit during the warm-up wins over the text the warm-up read', async () => {
    const first = createSearchEngine();
    const a = note('a.md', 'Un faro en la niebla.');
    await updateCachedNotes([a], []);
    first.apply({ upserted: [a], removed: [] });
    await first.flush();
    const second = createSearchEngine();
    await second.load();
    const warming = second.warm();
    // The copy still holds the old text: the event's content reached the index first.
    second.apply({ upserted: [note('a.md', 'Otro faro, sin niebla.')], removed: [] });
    await warming;
    expect((await second.search('faro', {}, false))[0]?.snippet).toBe('Otro faro, sin niebla.');
  });
});
