import type { SearchIndexRecord } from '../../db/records.ts';
import { copiedNotes, copiedNotesAfter } from '../../db/vault-copy-repo.ts';
import type { NoteAnalysis } from './analysis-pool.ts';
import { createChangeFiler } from './change-filer.ts';
import type { EngineState } from './engine-state.ts';
import { createHitSnippets, hitFields } from './hit-snippets.ts';
import { NoteIndex, type RankedNote } from './note-index.ts';
import { NoteTexts } from './note-texts.ts';
import { createIndexSaver, loadSavedIndex } from './saved-index.ts';
import type { SearchFilters, SearchHit } from './search-types.ts';
import { SynonymTable } from './synonym-table.ts';
import { measured } from './user-timing.ts';
import { warmUpQuestions } from './warm-up-questions.ts';

/*
 * The engine's entry: the search worker builds its engine here, and the CLI and
 * the bench take the index and its helpers from here too (nothing below imports
 * the page: no solid-js, no DOM views).
 */
export { toNoteDocument } from '../analysis/note-document.ts';
export { packIndex } from '../index/packed-index.ts';
export { MAX_HITS, NoteIndex, noteAnalyzer, type RankedNote } from './note-index.ts';
export { SAVE_DEBOUNCE_MS } from './saved-index.ts';
export { scoreQuestions } from './search-quality.ts';
export { snippetBody, snippetOf } from './snippet.ts';
export { SynonymTable } from './synonym-table.ts';
export { wantsPrefix } from './wants-prefix.ts';
export { warmUpQuestions } from './warm-up-questions.ts';

/**
 * The worker's index and its bookkeeping: loads the saved index, applies
 * changes note by note (by hash), saves itself back (debounced), and answers
 * queries with snippets cut from the copied notes.
 */
export function createSearchEngine(
  opts: {
    saveDelayMs?: number;
    analysis?: NoteAnalysis;
    /** Resolves once every note indexed so far is in the copy (a first sync holds its writes). */
    copyWritten?: () => Promise<void>;
  } = {},
) {
  const state: EngineState = { index: NoteIndex.empty(), hashes: {}, texts: new NoteTexts() };
  const saver = createIndexSaver(state, {
    delayMs: opts.saveDelayMs,
    copyWritten: opts.copyWritten,
  });
  const filer = createChangeFiler(state, { analysis: opts.analysis, changed: saver.changed });
  const hitsOf = createHitSnippets(state);
  /** The harness's synonym groups; queries only, so a change needs no re-indexing. */
  let synonyms = SynonymTable.empty;
  let synonymGroups: readonly (readonly string[])[] = [];
  /** Has every indexed note passed through `apply` or a fill since the index was loaded? */
  let textsComplete = true;
  let warming: Promise<void> | null = null;
  /**
   * The first search after a load is measured step by step, as the load is: a
   * reload's first answer is the rest of `ready_ms`, and reading its hits' text
   * from the copy took most of it, far more than ranking (measured: docs/FACTS.md).
   */
  let measureNextSearch = false;

  return {
    get size() {
      return state.index.size;
    },
    /** Grows at every change to the index: compared across a sync, it tells whether the sync changed anything. */
    get revision() {
      return saver.revision;
    },
    /** Ranks `query` and nothing more: no snippet, so no read of the copy (a warm-up question, a «¿Era esta?» figure). */
    rank(query: string, typing: boolean): RankedNote[] {
      return state.index.search(query, {}, typing, synonyms);
    },
    /** Questions to warm the query code up with, from `notes` notes' titles (warm-up-questions.ts). */
    warmUpQuestions(notes: number) {
      return warmUpQuestions(state.index.someTitles(notes));
    },
    /**
     * Loads the saved index (from `read` when the record's read has begun already);
     * false when there is none, or an older analyzer or layout saved it.
     */
    async load(read?: Promise<SearchIndexRecord | undefined>): Promise<boolean> {
      const saved = await loadSavedIndex(read);
      if (!saved) return false;
      state.index = saved.index;
      measureNextSearch = true;
      state.texts.clear();
      textsComplete = false;
      state.hashes = saved.hashes;
      return true;
    },
    apply: filer.apply,
    /** Takes the harness's `search.synonyms` (on start and whenever the harness changes). */
    setSynonyms(groups: readonly (readonly string[])[]) {
      synonyms = SynonymTable.from(groups);
      synonymGroups = groups;
    },
    /** The synonym groups queries use now (what a «¿Era esta?» figure was computed with). */
    get synonymGroups(): readonly (readonly string[])[] {
      return synonymGroups;
    },
    /**
     * Makes the index match `manifest` (path → hash) from the copied notes: for
     * changes the copy got but the index missed (the tab closed before a save).
     */
    async reconcile(manifest: ReadonlyMap<string, string>) {
      await filer.settled();
      const { hashes } = state;
      const removed = Object.keys(hashes).filter((p) => !manifest.has(p));
      const stale = [...manifest].filter(([p, h]) => hashes[p] !== h).map(([p]) => p);
      await filer.apply({ upserted: stale.length > 0 ? await copiedNotes(stale) : [], removed });
      await filer.settled();
    },
    /**
     * Brings every note's snippet text into memory in the background: after a
     * reload, one pass over the copy; then the raw notes become snippet bodies
     * in short slices, so a query waits for no IndexedDB read.
     */
    warm(): Promise<void> {
      warming ??= (async () => {
        const t0 = performance.now();
        if (!textsComplete) {
          await state.texts.fill(copiedNotesAfter);
          textsComplete = true;
        }
        const t1 = measured('soma:texts-fill', t0);
        await state.texts.convert();
        measured('soma:texts-convert', t1);
      })().finally(() => {
        warming = null;
      });
      return warming;
    },
    /** Saves now if anything changed since the last save (after a sync, so a reload finds it). */
    flush: saver.flush,
    /**
     * Ranked hits with their snippets; `bare`: without (empty snippets, no marks), for a
     * caller that shows none (the related notes): cutting twenty snippets was most of such
     * a query's time, spent on the worker a typed question may be waiting for.
     */
    async search(
      query: string,
      filters: SearchFilters,
      typing: boolean,
      bare = false,
    ): Promise<SearchHit[]> {
      const measure = measureNextSearch && !bare;
      if (!bare) measureNextSearch = false;
      const t0 = performance.now();
      const ranked = state.index.search(query, filters, typing, synonyms);
      let t = measure ? measured('soma:first-search-rank', t0) : t0;
      if (ranked.length === 0) return [];
      if (bare) return ranked.map((r) => ({ ...hitFields(r), snippet: '', marks: [] }));
      const hits = await hitsOf(ranked, () => {
        if (measure) t = measured('soma:first-search-read', t);
      });
      if (measure) measured('soma:first-search-snippets', t);
      return hits;
    },
  };
}

export type SearchEngine = ReturnType<typeof createSearchEngine>;
