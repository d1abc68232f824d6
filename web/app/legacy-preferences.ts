import type { Preferences } from '../db/preferences-repo.ts';

/**
 * The choices as older versions kept them, in localStorage: read once, on the
 * first start of this version in a browser that ran an older one, and then
 * kept in IndexedDB (preferences-repo.ts). A synchronous read: never on a
 * fresh browser, never twice.
 */
export function readLegacyPreferences(): Preferences {
  try {
    const found: Preferences = {};
    const locale = localStorage.getItem('soma.locale');
    if (locale === 'en' || locale === 'es') found.locale = locale;
    const suggest = localStorage.getItem('soma.suggestNotes');
    if (suggest === 'off' || suggest === 'on') found.suggestNotes = suggest === 'on';
    const collapsed = localStorage.getItem('soma.treeCollapsed');
    if (collapsed === '1' || collapsed === '0') found.treeCollapsed = collapsed === '1';
    return found;
  } catch {
    // Storage blocked (private mode, strict settings): the defaults.
    return {};
  }
}
