/// <reference lib="webworker" />

import { toNoteDocument } from '../analysis/note-document.ts';
import type { AnalysisReply, AnalysisRequest } from '../engine/analysis-protocol.ts';
import { noteAnalyzer } from '../engine/note-index.ts';

/**
 * An analysis worker, started by the search worker for a first sync: turns
 * notes into their terms and counts (`NoteAnalyzer`), the per-note half of
 * indexing, in parallel with the search worker filing the previous chunk.
 * Requests are answered in order; its term numbers build on its earlier answers.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const analyzer = noteAnalyzer();

scope.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  const { id, notes } = event.data;
  let reply: AnalysisReply;
  try {
    reply = { id, analyzed: analyzer.analyze(notes.map((n) => toNoteDocument(n.path, n.content))) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply, 'analyzed' in reply ? [reply.analyzed.data.buffer] : []);
};
