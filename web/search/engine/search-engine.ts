import { ANALYZER_VERSION } from '../../../common/spanish/spanish-analyzer.ts';
import { knowPageKeys, pageKeysKnown } from '../../db/page-keys.ts';
import type { CachedNoteRecord, SearchIndexRecord } from '../../db/records.ts';
import { loadSearchIndex, SEARCH_INDEX_KEY, saveSearchIndex } from '../../db/search-index-repo.ts';
import { copiedNotes, copiedNotesAfter } from '../../db/vault-copy-repo.ts';
import type { VaultChange } from '../../vault-sync/sync-deps.ts';
import { packIndex, unpackIndex } from '../index/packed-index.ts';
import type { Analysis, NoteAnalysis } from './analysis-pool.ts';
import { createFilingQueue } from './filing-queue.ts';
import { NoteIndex, type RankedNote } from './note-index.ts';
import { NoteTexts } from './note-texts.ts';
import type { SearchFilters, SearchHit } from './search-types.ts';
import { snippetBody, snippetOf } from './snippet.ts';
import { SnippetCache } from './snippet-cache.ts';
import { SynonymTable } from './synonym-table.ts';
import { warmUpQuestions } from './warm-up-questions.ts';

/** How long after the last change is the index saved (snapshotting and gzipping 10,000 notes takes ~1 s)? */
export const SAVE_DEBOUNCE_MS = 2_000;
/** Fewer new notes than this are indexed here at once: not worth a trip to an analysis worker. */
const MIN_ANALYSED = 50;

/** A User Timing measure from `start` to now (the reload's steps, in the browser's performance panel); now. */
function measured(name: string, start: number): number {
  const end = performance.now();
  performance.measure(name, { start, end });
  return end;
}

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
  let index = NoteIndex.empty();
  let hashes: Record<string, string> = {};
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** How many times the index changed (every change schedules a save). */
  let revision = 0;
  let saving: Promise<void> = Promise.resolve();
  let dirty = false;
  /** The harness's synonym groups; queries only, so a change needs no re-indexing. */
  let synonyms = SynonymTable.empty;
  /** Every indexed note's snippet text, in memory (see NoteTexts). */
  const texts = new NoteTexts();
  /** Has every indexed note passed through `apply` or a fill since the index was loaded? */
  let textsComplete = true;
  let warming: Promise<void> | null = null;
  /** The snippets of recently shown hits (see SnippetCache). */
  const snippets = new SnippetCache();
  /**
   * The first search after a load is measured step by step, as the load is: a
   * reload's first answer is the rest of `ready_ms`, and reading its hits' text
   * from the copy took most of it (medians of 142–245 ms a run at 10k, ranking 18–22).
   */
  let measureNextSearch = false;

  /** The snippet bodies of `paths` (those still in the copy), from memory or IndexedDB. */
  const contentsOf = async (paths: readonly string[]): Promise<Map<string, string>> => {
    const found = new Map<string, string>();
    const missing: string[] = [];
    for (const p of paths) {
      const body = texts.body(p);
      if (body === undefined) missing.push(p);
      else found.set(p, body);
    }
    if (missing.length > 0) {
      await texts.asked(async (offer) => {
        for (const n of await copiedNotes(missing)) {
          const body = snippetBody(n.content);
          found.set(n.path, body);
          offer(n.path, body, true);
        }
      });
    }
    return found;
  };

  const save = () => {
    clearTimeout(saveTimer);
    dirty = false;
    saving = saving
      .then(async () => {
        // A saved index names no note the copy lacks: a reload reads its hits' text there.
        await opts.copyWritten?.();
        // The snapshot is taken now; compressing it happens while changes go on.
        const taken = index.snapshot();
        const snapshot = { ...hashes };
        // Copied now, as the snapshot is: the writes go on changing them during the gzip.
        const pageKeys = pageKeysKnown()?.slice();
        const record: SearchIndexRecord = {
          key: SEARCH_INDEX_KEY,
          analyzerVersion: ANALYZER_VERSION,
          parts: await packIndex(snapshot, taken),
          ...(pageKeys ? { pageKeys } : {}),
          updatedAt: Date.now(),
        };
        await saveSearchIndex(record);
      })
      .catch(() => undefined);
    return saving;
  };
  const scheduleSave = () => {
    revision++;
    dirty = true;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(save, opts.saveDelayMs ?? SAVE_DEBOUNCE_MS);
  };

  /** Paths of notes being analysed elsewhere, not in `hashes` until filed. */
  const analysing = new Set<string>();
  const queue = createFilingQueue<CachedNoteRecord[], Analysis>({
    analyze: (notes) => opts.analysis!.analyze(notes),
    file(notes, analysis) {
      index.addAnalyzed(analysis.analyzed, analysis.source);
      for (const note of notes) {
        analysing.delete(note.path);
        texts.set(note.path, note.content);
        hashes[note.path] = note.hash;
      }
      scheduleSave();
    },
    onFailure() {
      // Not filed: their hashes are missing, so the next reconcile indexes them again.
      analysing.clear();
      opts.analysis?.reset();
    },
  });
  /** A change of only new notes, enough of them: analysed in another worker. */
  const analysable = (change: VaultChange) => {
    if (!opts.analysis || change.removed.length > 0 || change.upserted.length < MIN_ANALYSED)
      return false;
    const paths = new Set<string>();
    for (const { path } of change.upserted) {
      if (path in hashes || analysing.has(path) || paths.has(path)) return false;
      paths.add(path);
    }
    return true;
  };

  /**
   * Applies a change: at once (a change applied before returns), or, for many
   * new notes with an analysis worker at hand, queued to be filed in order
   * (resolves when another chunk may come; `settled` when all are filed).
   */
  const apply = (change: VaultChange): void | Promise<void> => {
    if (analysable(change)) {
      for (const { path } of change.upserted) analysing.add(path);
      return queue.add(change.upserted);
    }
    if (queue.idle) return applyNow(change);
    return queue.settled().then(() => applyNow(change));
  };

  const applyNow = (change: VaultChange) => {
    let changed = false;
    for (const path of change.removed) {
      texts.delete(path);
      if (!(path in hashes)) continue;
      index.remove(path);
      delete hashes[path];
      changed = true;
    }
    for (const note of change.upserted) {
      const same = hashes[note.path] === note.hash;
      if (!(same && texts.has(note.path))) texts.set(note.path, note.content);
      if (same) continue;
      index.upsert(note.path, note.content);
      hashes[note.path] = note.hash;
      changed = true;
    }
    if (changed) scheduleSave();
  };

  return {
    get size() {
      return index.size;
    },
    /** Grows at every change to the index: compared across a sync, it tells whether the sync changed anything. */
    get revision() {
      return revision;
    },
    /** Ranks `query` and nothing more: no snippet, so no read of the copy (a warm-up question, a «¿Era esta?» figure). */
    rank(query: string, typing: boolean): RankedNote[] {
      return index.search(query, {}, typing, synonyms);
    },
    /** Questions to warm the query code up with, from `notes` notes' titles (warm-up-questions.ts). */
    warmUpQuestions(notes: number) {
      return warmUpQuestions(index.someTitles(notes));
    },
    /**
     * Loads the saved index (from `read` when the record's read has begun already);
     * false when there is none, or an older analyzer or layout saved it.
     */
    async load(read?: Promise<SearchIndexRecord | undefined>): Promise<boolean> {
      const t0 = performance.now();
      const saved = await (read ?? loadSearchIndex(SEARCH_INDEX_KEY));
      const t1 = measured('soma:index-read', t0);
      if (!saved?.parts || saved.analyzerVersion !== ANALYZER_VERSION) return false;
      const unpacked = await unpackIndex(saved.parts);
      const t2 = measured('soma:index-unpack', t1);
      if (!unpacked) return false;
      index = NoteIndex.fromSnapshot(unpacked.snapshot);
      measured('soma:index-revive', t2);
      measureNextSearch = true;
      texts.clear();
      textsComplete = false;
      hashes = unpacked.hashes;
      if (saved.pageKeys && pageKeysKnown() === null) knowPageKeys([...saved.pageKeys]);
      return true;
    },
    apply,
    /** Takes the harness's `search.synonyms` (on start and whenever the harness changes). */
    setSynonyms(groups: readonly (readonly string[])[]) {
      synonyms = SynonymTable.from(groups);
    },
    /**
     * Makes the index match `manifest` (path → hash) from the copied notes: for
     * changes the copy got but the index missed (the tab closed before a save).
     */
    async reconcile(manifest: ReadonlyMap<string, string>) {
      await queue.settled();
      const removed = Object.keys(hashes).filter((p) => !manifest.has(p));
      const stale = [...manifest].filter(([p, h]) => hashes[p] !== h).map(([p]) => p);
      await apply({ upserted: stale.length > 0 ? await copiedNotes(stale) : [], removed });
      await queue.settled();
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
          await texts.fill(copiedNotesAfter);
          textsComplete = true;
        }
        const t1 = measured('soma:texts-fill', t0);
        await texts.convert();
        measured('soma:texts-convert', t1);
      })().finally(() => {
        warming = null;
      });
      return warming;
    },
    /** Saves now if anything changed since the last save (after a sync, so a reload finds it). */
    flush: () => (dirty ? save() : saving),
    async search(query: string, filters: SearchFilters, typing: boolean): Promise<SearchHit[]> {
      const measure = measureNextSearch;
      measureNextSearch = false;
      const t0 = performance.now();
      const ranked = index.search(query, filters, typing, synonyms);
      const t1 = measure ? measured('soma:first-search-rank', t0) : t0;
      if (ranked.length === 0) return [];
      // The version each hit is shown at: a snippet kept for it needs no text.
      const versions = ranked.map((r) => hashes[r.path]);
      const kept = ranked.map((r, i) => snippets.get(r.path, versions[i], r.terms));
      const bodies = await contentsOf(ranked.filter((_, i) => !kept[i]).map((r) => r.path));
      const t2 = measure ? measured('soma:first-search-read', t1) : t1;
      const hits = ranked.map((r, i) => {
        let snippet = kept[i];
        if (!snippet) {
          const body = bodies.get(r.path);
          snippet = snippetOf(body ?? '', r.terms);
          const version = versions[i];
          // Kept only when the note did not change while its text was read.
          if (body !== undefined && version !== undefined && hashes[r.path] === version)
            snippets.set(r.path, version, r.terms, snippet);
        }
        return {
          path: r.path,
          title: r.title,
          folder: r.folder,
          score: r.score,
          snippet: snippet.text,
          marks: snippet.marks,
        };
      });
      if (measure) measured('soma:first-search-snippets', t2);
      return hits;
    },
  };
}

export type SearchEngine = ReturnType<typeof createSearchEngine>;
