import { createSignal } from 'solid-js';
import { loadPreferences, type Preferences, savePreferences } from '../db/preferences-repo.ts';
import { getCurrentConversationId } from '../db/settings-repo.ts';
import type { Locale } from '../i18n/translate.ts';
import { readLegacyPreferences } from './legacy-preferences.ts';

/** The saved choices, or (once) those an older version left in localStorage. */
async function readPreferences(): Promise<Preferences> {
  const saved = await loadPreferences();
  if (saved) return saved;
  // A browser that ran an older SOMA has a conversation; a fresh one has nothing to carry over.
  const older = (await getCurrentConversationId()) !== null;
  const found = older ? readLegacyPreferences() : {};
  await savePreferences(found);
  return found;
}

/**
 * This browser's choices (language, related notes while typing, the tree
 * hidden): read from IndexedDB while the session is checked, saved on change.
 */
export function createPreferencesStore() {
  const [preferences, setPreferences] = createSignal<Preferences>({});
  const [loaded, setLoaded] = createSignal(false);
  const ready = readPreferences()
    // A choice made before the saved ones arrived wins over them.
    .then((saved) => setPreferences((now) => ({ ...saved, ...now })))
    .catch(() => undefined) // IndexedDB unavailable: the defaults, for this visit
    .finally(() => setLoaded(true));

  /** The choices asked for whose save has not settled yet (null when none is pending). */
  let wanted: Preferences | null = null;
  /**
   * A choice shows once it is saved, so that a reload right after it keeps it; a
   * second change made meanwhile builds on the first. Not saved (IndexedDB
   * unavailable): the choice still shows, for this visit.
   */
  const update = (change: Preferences) => {
    const next = { ...(wanted ?? preferences()), ...change };
    wanted = next;
    savePreferences(next)
      .catch(() => undefined)
      .finally(() => {
        if (wanted !== next) return; // a later change shows when it is saved
        wanted = null;
        setPreferences(next);
      });
  };

  return {
    /** The saved choices were read (or could not be): the first screen can show them. */
    loaded,
    ready,
    locale: (): Locale => preferences().locale ?? 'es',
    setLocale: (locale: Locale) => update({ locale }),
    /** Related notes are offered while typing (on unless turned off). */
    suggestNotes: () => preferences().suggestNotes ?? true,
    setSuggestNotes: (suggestNotes: boolean) => update({ suggestNotes }),
    /** The tree column is hidden on a wide screen. */
    treeCollapsed: () => preferences().treeCollapsed ?? false,
    setTreeCollapsed: (treeCollapsed: boolean) => update({ treeCollapsed }),
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
