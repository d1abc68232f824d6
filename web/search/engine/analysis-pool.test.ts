import { describe, expect, it } from 'vitest';
import { toNoteDocument } from '../analysis/note-document.ts';
import { analysisWorkerCount, createAnalysisPool } from './analysis-pool.ts';
import type { AnalysisReply, AnalysisRequest, NoteText } from './analysis-protocol.ts';
import { NoteIndex, noteAnalyzer } from './note-index.ts';

/** A stand-in for analysis-worker.ts (same code, answered later), or one that fails to start. */
class FakeWorker {
  onmessage: ((e: MessageEvent<AnalysisReply>) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  private readonly analyzer = noteAnalyzer();
  constructor(private readonly broken: boolean) {}
  postMessage(request: AnalysisRequest) {
    setTimeout(() => {
      if (this.terminated) return;
      if (this.broken) return this.onerror?.(new Event('error'));
      const docs = request.notes.map((n) => toNoteDocument(n.path, n.content));
      const reply = { id: request.id, analyzed: this.analyzer.analyze(docs) };
      this.onmessage?.({ data: reply } as MessageEvent<AnalysisReply>);
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

const WORDS = 'faro niebla mar costa marea ancla velero brújula canción sueño jardín tomate'.split(
  ' ',
);
const notes: NoteText[] = Array.from({ length: 60 }, (_, i) => ({
  path: `0${i % 7}_Carpeta/nota ${i}.md`,
  content: `# ${WORDS[i % WORDS.length]} ${i}\n\n${WORDS.filter((_, j) => (i + j) % 3 === 0).join(' ')} número ${i * 7}.`,
}));
const chunks = [notes.slice(0, 20), notes.slice(20, 25), notes.slice(25, 50), notes.slice(50)];

/** The saved form of the index `chunks` build through `pool`, filed in order. */
async function built(spawn: () => FakeWorker, size: number) {
  const pool = createAnalysisPool(size, spawn as unknown as () => Worker);
  const index = NoteIndex.empty();
  const analyses = chunks.map((c) => pool.analyze(c));
  for (const a of analyses) {
    const { analyzed, source } = await a;
    index.addAnalyzed(analyzed, source);
  }
  return JSON.stringify(index.snapshot());
}

describe('web/search/engine/analysis-pool', () => {
  const plain = NoteIndex.empty();
  for (const n of notes) plain.upsert(n.path, n.content);
  const expected = JSON.stringify(plain.snapshot());

  it('gives chunks to its workers in turn; filed in order they build the index upsert builds', async () => {
    const spawned: FakeWorker[] = [];
    const spawn = () => {
      const w = new FakeWorker(false);
      spawned.push(w);
      return w;
    };
    expect(await built(spawn, 2)).toBe(expected);
    expect(spawned).toHaveLength(2);
  });

  it('analyses here what a failed worker was given, and everything once none is left', async () => {
    const spawned: FakeWorker[] = [];
    const spawn = () => {
      const w = new FakeWorker(spawned.length === 0);
      spawned.push(w);
      return w;
    };
    expect(await built(spawn, 2)).toBe(expected);
    expect(spawned[0]!.terminated).toBe(true);
    expect(await built(() => new FakeWorker(true), 1)).toBe(expected);
  });

  it('leaves a core to the search worker, and uses at most two', () => {
    expect([1, 2, 3, 4, 16].map(analysisWorkerCount)).toEqual([0, 0, 1, 2, 2]);
  });
});
