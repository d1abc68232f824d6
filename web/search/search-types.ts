/** One search result: the note, its name, a line of context around the match, and its rank. */
export interface SearchHit {
  path: string;
  title: string;
  snippet: string;
  score: number;
}

/** A note's text as the index reads it. */
export interface IndexedNote {
  path: string;
  content: string;
}
