import { createSignal } from 'solid-js';
import type { MessageKey } from './es.ts';
import {
  dictionaries,
  type Locale,
  type MessageParams,
  parseLocale,
  translate,
} from './translate.ts';

/** Where the language choice is kept between visits. */
const STORAGE_KEY = 'soma.locale';

function readStoredLocale(): Locale {
  try {
    return parseLocale(localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage can be disabled (private mode, strict settings): Spanish it is.
    return 'es';
  }
}

/** The UI language: the current locale, a reactive `t`, and a switch persisted in localStorage. */
export function createI18nStore() {
  const [locale, setLocaleSignal] = createSignal<Locale>(readStoredLocale());
  document.documentElement.lang = locale();

  const setLocale = (next: Locale) => {
    setLocaleSignal(next);
    document.documentElement.lang = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
  };

  return {
    locale,
    setLocale,
    toggle: () => setLocale(locale() === 'es' ? 'en' : 'es'),
    /** Translates a key in the current language; reactive inside JSX and effects. */
    t: (key: MessageKey, params?: MessageParams) => translate(dictionaries[locale()], key, params),
  };
}

export type I18nStore = ReturnType<typeof createI18nStore>;
export type Translate = I18nStore['t'];
