import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embedEn } from './embed-en.ts';
import { embedPart } from './embed-es.ts';
import { harnessEn } from './harness-en.ts';
import { harnessEs, harnessPart } from './harness-es.ts';
import { createI18nStore } from './i18n-store.ts';

/** Waits until `check` holds: loads are promises (English a dynamic import). */
async function until(check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true));
}

describe('createI18nStore', () => {
  // The store sets the page's `lang`: an element of its own for each test.
  beforeEach(() => vi.stubGlobal('document', { documentElement: { lang: '' } }));
  afterEach(() => vi.unstubAllGlobals());

  it('words a part only once it is asked for, in the language shown', async () => {
    const i18n = createI18nStore();
    expect(i18n.t('harness.problem.missing')).toBe('');
    const worded = i18n.usePart(harnessPart);
    await until(worded);
    expect(i18n.t('harness.problem.missing')).toBe(harnessEs['harness.problem.missing']);
    expect(i18n.t('app.title')).toBe('SOMA');
  });

  it('switches the parts in use with the main words, so no screen mixes two languages', async () => {
    const i18n = createI18nStore();
    await until(i18n.usePart(harnessPart));
    i18n.setLocale('en');
    await until(() => i18n.locale() === 'en');
    expect(i18n.t('harness.problem.missing')).toBe(harnessEn['harness.problem.missing']);
    expect(i18n.t('lang.label')).toBe('ES');
    expect(document.documentElement.lang).toBe('en');
  });

  it('loads a part first asked for in English in English', async () => {
    const i18n = createI18nStore();
    i18n.setLocale('en');
    await until(() => i18n.locale() === 'en');
    await until(i18n.usePart(embedPart));
    expect(i18n.t('embed.title')).toBe(embedEn['embed.title']);
  });
});
