import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteDatabase } from '../../db/database.ts';
import type { EngineState } from './engine-state.ts';
import { NoteIndex } from './note-index.ts';
import { NoteTexts } from './note-texts.ts';
import { createIndexSaver, loadSavedIndex } from './saved-index.ts';

afterEach(() => deleteDatabase());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The paths the saved index holds, sorted; null when none is saved. */
const savedPaths = async () => {
  const saved = await loadSavedIndex();
  return saved ? Object.keys(saved.hashes).sort() : null;
};
/** Waits until the saved index holds `paths` (a debounced save lands). */
async function savedAs(paths: string[]) {
  for (let i = 0; i < 200; i++) {
    if (JSON.stringify(await savedPaths()) === JSON.stringify(paths)) return;
    await pause(10);
  }
  throw new Error(`the index was never saved with ${paths.join(', ')}`);
}

describe('web/search/engine/saved-index', () => {
  const state = (): EngineState => ({
    index: NoteIndex.empty(),
    hashes: {},
    texts: new NoteTexts(),
  });

  it('saves a change once changes pause', async () => {
    const s = state();
    const saver = createIndexSaver(s, { delayMs: 5 });
    s.hashes['a.md'] = 'h1';
    saver.changed();
    await savedAs(['a.md']);
  });

  it('saves the next change no sooner than the spacing after the last save', async () => {
    const s = state();
    const saver = createIndexSaver(s, { delayMs: 5, spacingMs: 60_000 });
    s.hashes['a.md'] = 'h1';
    saver.changed();
    await saver.flush();
    expect(await savedPaths()).toEqual(['a.md']);
    s.hashes['b.md'] = 'h2';
    saver.changed();
    // Far past the pause a change waits for, yet within the spacing: not saved again.
    await pause(300);
    expect(await savedPaths()).toEqual(['a.md']);
    // A flush (the end of a sync) does not wait for the spacing.
    await saver.flush();
    expect(await savedPaths()).toEqual(['a.md', 'b.md']);
  });

  it('saves the next change after the pause alone when the spacing has passed', async () => {
    const s = state();
    const saver = createIndexSaver(s, { delayMs: 5, spacingMs: 0 });
    s.hashes['a.md'] = 'h1';
    saver.changed();
    await savedAs(['a.md']);
    s.hashes['b.md'] = 'h2';
    saver.changed();
    await savedAs(['a.md', 'b.md']);
  });
});
