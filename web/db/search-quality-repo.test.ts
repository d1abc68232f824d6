import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, deleteDatabase, STORES, withTx } from './database.ts';
import {
  eraseModelQualities,
  listModelQualities,
  type ModelQuality,
  saveModelQuality,
} from './search-quality-repo.ts';

afterEach(() => deleteDatabase());

const figures = (model: string, top5: number, at: number): ModelQuality => ({
  model,
  top5,
  mrr10: top5 / 2,
  count: 4,
  at,
});

describe('web/db/search-quality-repo', () => {
  it('keeps one model’s figures per model, newest first, across a reload', async () => {
    await saveModelQuality(figures('e5-small', 0.5, 1));
    await saveModelQuality(figures('bge-m3', 0.75, 2));
    await saveModelQuality(figures('e5-small', 1, 3));
    await closeDatabase();
    expect(await listModelQualities()).toEqual([
      figures('e5-small', 1, 3),
      figures('bge-m3', 0.75, 2),
    ]);
  });

  it('reads figures kept in another shape as none, and forgets them all on erase', async () => {
    await withTx([STORES.settings], 'readwrite', (tx) =>
      tx.objectStore(STORES.settings).put({ key: 'searchQualityByModel', value: '[{"model":1}]' }),
    );
    expect(await listModelQualities()).toEqual([]);
    await saveModelQuality(figures('e5-small', 0.5, 1));
    await eraseModelQualities();
    expect(await listModelQualities()).toEqual([]);
  });
});
