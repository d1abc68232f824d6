import { createHash } from 'node:crypto';
import { indexTerms, words } from '../../common/spanish/spanish-analyzer.ts';
import {
  NoteIndex,
  noteAnalyzer,
  packIndex,
  toNoteDocument,
} from '../../web/search/engine/search-engine.ts';
import { spanishVault } from '../search-vault.ts';

/**
 * Where the worker's CPU goes when it builds the index of a generated vault,
 * step by step, in Node (CPU time, so the shared machine's load matters less):
 * `npx tsx bench/diagnostics/index-build-breakdown.ts [count]`.
 */
const count = Number(process.argv[2] ?? 10_000);
const notes = Object.entries(spanishVault(count));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const step = <T>(name: string, f: () => T): T => {
  const t = cpu();
  const w = performance.now();
  const out = f();
  console.log(
    `${name.padEnd(34)} cpu ${(cpu() - t).toFixed(0).padStart(6)} ms  wall ${(performance.now() - w).toFixed(0).padStart(6)} ms`,
  );
  return out;
};
const split0 = process.argv[3] === 'split';
if (!split0) {
  const docs = step('toNoteDocument', () => notes.map(([p, c]) => toNoteDocument(p, c)));
  const fields = ['title', 'aliases', 'tags', 'lead', 'headings', 'body'] as const;
  const tokens = step('tokenize (words)', () => {
    const out: string[][] = [];
    for (const d of docs)
      for (const f of fields) {
        const v = d[f];
        out.push(words(Array.isArray(v) ? v.join(' ') : v));
      }
    return out;
  });
  step('indexTerms per token (cached)', () => {
    let n = 0;
    for (const ts of tokens) for (const t of ts) n += indexTerms(t).length;
    return n;
  });
  const index = NoteIndex.empty();
  const internal = index as unknown as { added: { flush(): void }; index: unknown };
  step('NoteIndex.upsert all (add, no flush)', () => {
    for (const [p, c] of notes) index.upsert(p, c);
  });
  step('flush (filing postings)', () => internal.added.flush());
  const snap = step('snapshot', () => index.snapshot());
  const packed = await step('packIndex (gzip, async)', () => packIndex({}, snap));
  console.log(
    'postings bytes',
    snap.postings.length,
    'packed',
    packed.head.size + packed.postings.size,
    'sha',
    createHash('sha256').update(snap.header).update(snap.postings).digest('hex').slice(0, 16),
  );
}
// The same vault analysed by a separate analyzer in chunks (as the analysis worker does), then filed.
const analyzer = noteAnalyzer();
const chunks = step('analysis (toNoteDocument + analyze)', () => {
  const out = [];
  for (let i = 0; i < notes.length; i += 250)
    out.push(analyzer.analyze(notes.slice(i, i + 250).map(([p, c]) => toNoteDocument(p, c))));
  return out;
});
const cloned = step('structuredClone of the results', () =>
  chunks.map((c) => structuredClone(c, { transfer: [c.data.buffer] })),
);
const split = NoteIndex.empty();
step('addAnalyzed all (filing prep)', () => {
  for (const c of cloned) split.addAnalyzed(c, 1);
});
const snap2 = step('snapshot (flush + snapshot)', () => split.snapshot());
console.log(
  'split sha',
  createHash('sha256').update(snap2.header).update(snap2.postings).digest('hex').slice(0, 16),
);
