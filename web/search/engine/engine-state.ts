import type { NoteIndex } from './note-index.ts';
import type { NoteTexts } from './note-texts.ts';

/**
 * What the search engine's parts share: the index, each indexed note's hash
 * (path → hash) and every note's snippet text. `index` and `hashes` are
 * replaced whole when a saved index is loaded, so the parts read them here at
 * each use, never keep their own reference.
 */
export interface EngineState {
  index: NoteIndex;
  hashes: Record<string, string>;
  readonly texts: NoteTexts;
}
