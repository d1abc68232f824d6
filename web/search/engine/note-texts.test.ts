import { describe, expect, it } from 'vitest';
import type { CachedNoteRecord } from '../../db/records.ts';
import { FILL_BATCH, NoteTexts } from './note-texts.ts';
import { snippetBody } from './snippet.ts';

const content = (n: number) => `---\ntags: [t${n}]\n---\n# Nota ${n}\n\n- Un **faro** número ${n}.`;

describe('web/search/engine/note-texts', () => {
  it('turns every raw note into its snippet body in the background, slice after slice', async () => {
    const texts = new NoteTexts();
    for (let n = 0; n < 3_000; n++) texts.set(`n${n}.md`, content(n));
    const converting = texts.convert();
    // Edits and deletions may land between slices.
    texts.set('n5.md', 'Editada.');
    texts.delete('n6.md');
    await converting;
    expect(texts.body('n0.md')).toBe(snippetBody(content(0)));
    expect(texts.body('n2999.md')).toBe(snippetBody(content(2999)));
    expect(texts.body('n5.md')).toBe('Editada.');
    expect(texts.body('n6.md')).toBeUndefined();
  });

  it('fills from the copy in batches, keeping what the sync set meanwhile', async () => {
    const copy: CachedNoteRecord[] = [];
    for (let n = 0; n < 500; n++) copy.push({ path: `n${n}.md`, hash: 'h', content: content(n) });
    copy.sort((a, b) => (a.path < b.path ? -1 : 1));
    const texts = new NoteTexts();
    texts.set('n7.md', 'Más nueva que la copia.');
    const reads: (string | null)[] = [];
    await texts.fill(async (after: string | null, limit) => {
      reads.push(after);
      const from = after === null ? 0 : copy.findIndex((n) => n.path > after);
      const notes = copy.slice(from, from + limit);
      return { notes, next: notes.at(-1)?.path ?? after };
    });
    // Full batches, then the short one that ends the pass.
    expect(reads.length).toBe(Math.floor(500 / FILL_BATCH) + 1);
    expect(texts.body('n7.md')).toBe('Más nueva que la copia.');
    expect(texts.body('n499.md')).toBe(snippetBody(content(499)));
  });

  it("asks the copy for no new batch while a query's read is in flight", async () => {
    const copy: CachedNoteRecord[] = [];
    for (let n = 0; n < 1_000; n++) copy.push({ path: `n${n}.md`, hash: 'h', content: content(n) });
    copy.sort((a, b) => (a.path < b.path ? -1 : 1));
    const texts = new NoteTexts();
    let batches = 0;
    let queryRead: () => void = () => undefined;
    let batchOne: () => void = () => undefined;
    const firstBatchAsked = new Promise<void>((resolve) => (batchOne = resolve));
    const filling = texts.fill(async (after: string | null, limit) => {
      batches++;
      batchOne();
      // The batch takes a few turns of the loop, as an IndexedDB read does.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      const from = after === null ? 0 : copy.findIndex((n) => n.path > after);
      const notes = copy.slice(from, from + limit);
      return { notes, next: notes.at(-1)?.path ?? after };
    });
    await firstBatchAsked;
    const asked = texts.asked(
      (offer) =>
        new Promise<void>((resolve) => {
          queryRead = () => {
            offer('n999.md', 'Del golpe de la pregunta.', true);
            resolve();
          };
        }),
    );
    // Long enough for every batch to be read, were the fill not waiting.
    for (let i = 0; i < 200; i++) await Promise.resolve();
    expect(batches).toBe(1);
    queryRead();
    await asked;
    await filling;
    expect(batches).toBe(Math.floor(1_000 / FILL_BATCH) + 1); // full ones, then the short one that ends the pass
    expect(texts.body('n999.md')).toBe('Del golpe de la pregunta.');
    expect(texts.body('n998.md')).toBe(snippetBody(content(998)));
  });
});
