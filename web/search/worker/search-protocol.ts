import type { SearchPair } from '../../../common/search-pair-schemas.ts';
import type { ModelQuality } from '../../db/search-quality-repo.ts';
import type { QualityReport } from '../engine/search-quality.ts';
import type { SearchFilters, SearchHit, SemanticState } from '../engine/search-types.ts';

/** Marks around the first sync and index build (from the worker's start to its `synced`). */
export const INDEX_START_MARK = 'soma:index-start';
export const INDEX_END_MARK = 'soma:index-end';

/** Messages from the page to the search worker. */
export type ToWorker =
  /**
   * Read the saved index (at page boot, before the session is known: it needs no server).
   * `asking`: the page's route asks a question as soon as it shows (a reload on a search
   * or a note), so a reload's sync waits for that question's answer before it starts.
   */
  | { type: 'load'; asking: boolean }
  /**
   * Signed in: a first visit (no saved index, an empty copy) asks for the vault's
   * export now, while the page still loads; the first sync reads it at `start`.
   */
  | { type: 'signed-in' }
  /** Sync with the server's vault and follow its events (signed in). */
  | { type: 'start' }
  /**
   * Score the user's «¿Era esta?» pairs (search-quality.ts), answered by a `quality`
   * message, and score them again (the same id) whenever the ranking changes (the
   * embedding model, the harness's synonyms or fusion settings), until `quality-stop`.
   */
  | { type: 'quality'; id: number; pairs: SearchPair[] }
  /** The figures of `id` are no longer looked at: stop scoring them again. */
  | { type: 'quality-stop'; id: number }
  | {
      type: 'query';
      id: number;
      query: string;
      filters: SearchFilters;
      typing: boolean;
      /**
       * When the page posted it (`performance.timeOrigin + performance.now()`): the
       * answer's `ms` counts the time it waited behind the worker's other work.
       */
      sentAt: number;
      /** Related notes: this note's own vectors are the vector query (no server call), and it is left out. */
      like?: string;
      /** A chat draft (suggestions): its words may reach a local embedder, never a remote one. */
      localOnly?: boolean;
      /** Hits without snippets, for a list that shows none (the related notes). */
      bare?: boolean;
    };

/** Messages from the search worker to the page. */
export type FromWorker =
  | { type: 'progress'; done: number; total: number }
  /** Searchable: a saved index was loaded (`saved`) or the first sync built one (`built`). */
  | { type: 'ready'; source: 'saved' | 'built'; notes: number; ms: number }
  /**
   * A sync with the manifest finished; `changed`: it changed the index (results
   * on screen may be stale); `ms` since the worker started.
   */
  | { type: 'synced'; fetched: number; changed: boolean; ms: number }
  /** Live vault events changed the index: results on screen may be stale. */
  | { type: 'changed' }
  /**
   * A query's answer; `error` when it could not be answered (hits are then empty).
   * With `semantic.mode` `pending` the lexical hits come first and a second
   * answer with the same id follows, re-ranked with the query's vector.
   */
  | {
      type: 'result';
      id: number;
      hits: SearchHit[];
      ms: number;
      semantic: SemanticState;
      error?: string;
    }
  /**
   * The pairs' figures: words alone, and words + meaning when the vectors are there (else
   * null), `model` the embedding model that made those vectors; `provisional` while the
   * server is still embedding notes; `byModel` every model's kept figures, newest first.
   */
  | {
      type: 'quality';
      id: number;
      words: QualityReport;
      meaning: QualityReport | null;
      model: string | null;
      provisional: boolean;
      byModel: ModelQuality[];
    }
  /** What the figures of `id` were computed with changed: new ones are being computed. */
  | { type: 'quality-stale'; id: number }
  /** The sync failed; a lost session (`no_session`) signs the page out. */
  | { type: 'error'; code: string; message: string; status: number };
