import type { AnalyzedDocs } from '../analysis/note-analysis.ts';

/** A note to analyse: its path and text (what the copy stores). */
export interface NoteText {
  path: string;
  content: string;
}

/** From the search worker to an analysis worker. */
export interface AnalysisRequest {
  id: number;
  notes: NoteText[];
}

/** Back: the notes analysed (their `data` transferred), or why not. */
export type AnalysisReply = { id: number; analyzed: AnalyzedDocs } | { id: number; error: string };
