import type { LexicalReason } from '../../vectors/vector-layer.ts';

export type { LexicalReason };

/** One search result: the note, its name and folder, a line around the match, and its rank. */
export interface SearchHit {
  path: string;
  title: string;
  folder: string;
  snippet: string;
  /** Matched words in `snippet`, as `[start, end)` offsets; the UI wraps them in `<mark>`. */
  marks: [number, number][];
  score: number;
}

/** Narrows a search to a folder (and its subfolders) and/or a tag. */
export interface SearchFilters {
  folder?: string;
  tag?: string;
}

/** How far the browser's copy of the vault is: `done` of `total` notes fetched. */
export interface SyncProgress {
  done: number;
  total: number;
}

/**
 * How an answer was ranked: words and vectors fused (`hybrid`), words only
 * (`lexical`, with why; a null reason means the layer is not set up, and the
 * UI says nothing), or words for now with the vector on its way (`pending`).
 */
export type SemanticState =
  | { mode: 'hybrid' }
  | { mode: 'lexical'; reason: LexicalReason | null }
  | { mode: 'pending' };
