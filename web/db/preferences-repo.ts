import * as z from 'zod/mini';
import { STORES, withTx } from './database.ts';

/**
 * This browser's small choices (language, related notes while typing, the
 * tree hidden), in the `settings` store. They were in localStorage, whose
 * first read is a synchronous round trip to the browser process, which held
 * the page's boot task waiting on a busy browser (docs/FACTS.md).
 * IndexedDB answers without blocking the page.
 */

const PREFERENCES = 'preferences';

export const PreferencesSchema = z.object({
  locale: z.optional(z.enum(['es', 'en'])),
  suggestNotes: z.optional(z.boolean()),
  treeCollapsed: z.optional(z.boolean()),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** The saved choices; null when none were ever saved here. */
export function loadPreferences(): Promise<Preferences | null> {
  return withTx([STORES.settings], 'readonly', async (tx) => {
    const record = await tx.objectStore(STORES.settings).get(PREFERENCES);
    if (!record?.value) return null;
    // Saved by an older or newer app: whatever no longer fits is left at its default.
    const parsed = PreferencesSchema.safeParse(JSON.parse(record.value));
    return parsed.success ? parsed.data : {};
  });
}

export function savePreferences(value: Preferences): Promise<void> {
  return withTx([STORES.settings], 'readwrite', async (tx) => {
    await tx.objectStore(STORES.settings).put({ key: PREFERENCES, value: JSON.stringify(value) });
  });
}
