import type { AnalyzedDocs } from '../analysis/note-analysis.ts';
import { toNoteDocument } from '../analysis/note-document.ts';
import type { AnalysisReply, AnalysisRequest, NoteText } from './analysis-protocol.ts';
import { noteAnalyzer } from './note-index.ts';

/** Notes analysed by analyzer `source` (see `NoteIndex.addAnalyzed`). */
export interface Analysis {
  analyzed: AnalyzedDocs;
  source: number;
}

/** Analyses chunks of notes; `reset` forgets every analyzer (their term numbers with them). */
export interface NoteAnalysis {
  analyze(notes: NoteText[]): Promise<Analysis>;
  reset(): void;
}

/**
 * How many analysis workers: one core is left to the search worker (which files what
 * they analyse) and one to the page and the server, and a few are enough (filing
 * becomes the slow half). None on two cores: there the split gained no time (the
 * work is CPU-bound either way) and starved the page (its tasks took many times their
 * CPU in wall time: docs/FACTS.md), so notes are analysed in the
 * search worker as before.
 */
export function analysisWorkerCount(cores: number): number {
  return Math.max(0, Math.min(2, cores - 2));
}

/** The source number of chunks analysed here, each by a new analyzer (numbers from 0 again). */
const IN_THREAD = 0;

interface Helper {
  worker: Worker;
  source: number;
  pending: Map<number, { notes: NoteText[]; resolve(a: Analysis): void; reject(e: unknown): void }>;
}

/**
 * Analysis workers, started on the first chunk, given chunks in turn. A
 * worker that fails (it could not start, or threw) is ended and its
 * unanswered chunks are analysed here instead, as are all chunks once none is
 * left: slower, never lost.
 */
export function createAnalysisPool(size: number, spawn: () => Worker): NoteAnalysis {
  let helpers: Helper[] | null = null;
  let sources = IN_THREAD;
  let ids = 0;
  let turn = 0;

  const inThread = (notes: NoteText[]): Analysis => ({
    analyzed: noteAnalyzer().analyze(notes.map((n) => toNoteDocument(n.path, n.content))),
    source: IN_THREAD,
  });

  const retire = (helper: Helper) => {
    helper.worker.terminate();
    helpers = helpers?.filter((h) => h !== helper) ?? null;
    for (const { notes, resolve, reject } of helper.pending.values()) {
      try {
        resolve(inThread(notes));
      } catch (error) {
        reject(error);
      }
    }
    helper.pending.clear();
  };

  const start = (): Helper[] =>
    Array.from({ length: size }, () => {
      const helper: Helper = { worker: spawn(), source: ++sources, pending: new Map() };
      helper.worker.onmessage = (event: MessageEvent<AnalysisReply>) => {
        const reply = event.data;
        const waiting = helper.pending.get(reply.id);
        if (!waiting) return;
        // A failed analysis may have numbered terms it never told: this analyzer is done.
        if ('error' in reply) return retire(helper);
        helper.pending.delete(reply.id);
        waiting.resolve({ analyzed: reply.analyzed, source: helper.source });
      };
      helper.worker.onerror = () => retire(helper);
      helper.worker.onmessageerror = () => retire(helper);
      return helper;
    });

  return {
    analyze(notes) {
      helpers ??= start();
      const helper = helpers[turn++ % Math.max(1, helpers.length)];
      if (!helper) return Promise.resolve().then(() => inThread(notes));
      const id = ++ids;
      return new Promise<Analysis>((resolve, reject) => {
        helper.pending.set(id, { notes, resolve, reject });
        helper.worker.postMessage({ id, notes } satisfies AnalysisRequest);
      });
    },
    reset() {
      for (const helper of helpers ?? []) {
        helper.worker.terminate();
        for (const { reject } of helper.pending.values()) reject(new Error('análisis cancelado'));
      }
      helpers = null;
    },
  };
}
