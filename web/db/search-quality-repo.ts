import * as z from 'zod/mini';
import { STORES, withTx } from './database.ts';

/**
 * «¿Era esta?» figures for words + meaning, one per embedding model the user
 * has used, kept in this browser (the `settings` store) so that models can be
 * compared after the vectors of an earlier one are gone.
 */

const KEY = 'searchQualityByModel';

/** How many models' figures are kept (the newest). */
const MAX_MODELS = 12;

/** The words + meaning figures one model gave, last computed at `at`. */
export const ModelQualitySchema = z.object({
  model: z.string(),
  top5: z.number(),
  mrr10: z.number(),
  /** How many questions they were computed on. */
  count: z.int(),
  at: z.number(),
});
export type ModelQuality = z.infer<typeof ModelQualitySchema>;

const KeptSchema = z.array(ModelQualitySchema);

/** Every model's figures, newest first; none when nothing (or something unreadable) is kept. */
export function listModelQualities(): Promise<ModelQuality[]> {
  return withTx([STORES.settings], 'readonly', async (tx) => {
    const record = await tx.objectStore(STORES.settings).get(KEY);
    if (!record?.value) return [];
    // Kept by an older or newer app in another shape: start again rather than fail.
    const parsed = KeptSchema.safeParse(JSON.parse(record.value));
    return parsed.success ? parsed.data : [];
  });
}

/** Keeps `figures` as its model's (replacing that model's earlier ones); returns them all, newest first. */
export function saveModelQuality(figures: ModelQuality): Promise<ModelQuality[]> {
  return withTx([STORES.settings], 'readwrite', async (tx) => {
    const store = tx.objectStore(STORES.settings);
    const record = await store.get(KEY);
    const parsed = KeptSchema.safeParse(record?.value ? JSON.parse(record.value) : []);
    const others = (parsed.success ? parsed.data : []).filter((m) => m.model !== figures.model);
    const kept = [figures, ...others].slice(0, MAX_MODELS);
    await store.put({ key: KEY, value: JSON.stringify(kept) });
    return kept;
  });
}

/** Forgets every model's figures (the pairs they were computed on were erased). */
export function eraseModelQualities(): Promise<void> {
  return withTx([STORES.settings], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.settings).delete(KEY);
  });
}
