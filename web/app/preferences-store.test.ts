import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDatabase, deleteDatabase, STORES, withTx } from '../db/database.ts';
import { loadPreferences } from '../db/preferences-repo.ts';
import { setCurrentConversationId } from '../db/settings-repo.ts';
import { createPreferencesStore } from './preferences-store.ts';

/** A localStorage holding what an older SOMA saved, counting the reads. */
function olderLocalStorage(values: Record<string, string>) {
  const getItem = vi.fn((key: string) => values[key] ?? null);
  vi.stubGlobal('localStorage', { getItem });
  return getItem;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteDatabase();
});

describe('web/app/preferences-store', () => {
  it('starts with the defaults on a fresh browser, without reading localStorage', async () => {
    const getItem = olderLocalStorage({ 'soma.locale': 'en' });
    const prefs = createPreferencesStore();
    expect(prefs.loaded()).toBe(false);
    await prefs.ready;
    expect(prefs.loaded()).toBe(true);
    expect([prefs.locale(), prefs.suggestNotes(), prefs.treeCollapsed()]).toEqual([
      'es',
      true,
      false,
    ]);
    expect(getItem).not.toHaveBeenCalled();
  });

  it('keeps a choice for the next start', async () => {
    const first = createPreferencesStore();
    await first.ready;
    first.setLocale('en');
    first.setTreeCollapsed(true);
    await vi.waitFor(async () => expect((await loadPreferences())?.treeCollapsed).toBe(true));
    const next = createPreferencesStore();
    await next.ready;
    expect([next.locale(), next.suggestNotes(), next.treeCollapsed()]).toEqual(['en', true, true]);
  });

  it('shows a choice once it is saved, and a second one made meanwhile keeps the first', async () => {
    const prefs = createPreferencesStore();
    await prefs.ready;
    prefs.setLocale('en');
    prefs.setTreeCollapsed(true);
    expect(prefs.treeCollapsed()).toBe(false); // not yet: the save has not settled
    await vi.waitFor(() => expect(prefs.treeCollapsed()).toBe(true));
    // Shown, hence saved: a reload at this moment would find both.
    expect(await loadPreferences()).toEqual({ locale: 'en', treeCollapsed: true });
    expect(prefs.locale()).toBe('en');
  });

  it('a choice still holds for the visit when IndexedDB cannot save it', async () => {
    const prefs = createPreferencesStore();
    await prefs.ready;
    await closeDatabase();
    vi.stubGlobal('indexedDB', undefined);
    prefs.setSuggestNotes(false);
    await expect(loadPreferences()).rejects.toThrow();
    await vi.waitFor(() => expect(prefs.suggestNotes()).toBe(false));
  });

  it('carries over, once, what an older version left in localStorage', async () => {
    await setCurrentConversationId('c1');
    const getItem = olderLocalStorage({
      'soma.locale': 'en',
      'soma.suggestNotes': 'off',
      'soma.treeCollapsed': '1',
    });
    const prefs = createPreferencesStore();
    await prefs.ready;
    expect([prefs.locale(), prefs.suggestNotes(), prefs.treeCollapsed()]).toEqual([
      'en',
      false,
      true,
    ]);
    const reads = getItem.mock.calls.length;
    await createPreferencesStore().ready;
    expect(getItem.mock.calls.length).toBe(reads);
  });

  it('leaves a saved value that no longer fits at its default', async () => {
    await withTx([STORES.settings], 'readwrite', async (tx) => {
      await tx.objectStore(STORES.settings).put({ key: 'preferences', value: '{"locale":"fr"}' });
    });
    const prefs = createPreferencesStore();
    await prefs.ready;
    expect(prefs.locale()).toBe('es');
  });
});
