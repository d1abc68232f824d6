// The chat turn's note listing over a generated vault, without HTTP:
// `npx tsx bench/diagnostics/chat-listing-cpu.ts [count=10000] [runs=20]` builds the name index
// the way a turn does after the manifest changed (afresh, then brought up to date after one
// note was edited) and ranks the names for a message, printing each step's median ms. A
// diagnosis tool, not a benchmark figure: it runs unthrottled, in this process.
import { buildNameIndex, rankNoteNames, updateNameIndex } from '../../server/chat/note-listing.ts';
import { median } from '../results.ts';
import { spanishVault } from '../search-vault.ts';

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 20);
const notes = Object.keys(spanishVault(count)).map((path, i) => ({ path, mtime: i }));
const ms = (work: () => void) => {
  const t0 = performance.now();
  work();
  return performance.now() - t0;
};
const fresh: number[] = [];
const rebuilt: number[] = [];
const ranked: number[] = [];
const index = buildNameIndex(notes);
for (let run = 0; run < runs; run++) {
  fresh.push(ms(() => buildNameIndex(notes)));
  // One note edited: it becomes the newest, as the editor's write makes it.
  const edited = notes.map((n, i) => (i === run ? { ...n, mtime: count + run } : n));
  rebuilt.push(ms(() => updateNameIndex(index, edited)));
  ranked.push(
    ms(() => rankNoteNames(index, { message: '¿Qué sé del faro y la marea?', notes: [] })),
  );
}
const f = (xs: number[]) => median(xs).toFixed(2);
console.log(
  `${count} notes, ${runs} runs: index afresh ${f(fresh)} ms, brought up to date ${f(rebuilt)} ms, ` +
    `rank for one turn ${f(ranked)} ms (medians)`,
);
