import { batch, createSignal } from 'solid-js';
import { es, type MessageKey, type Messages } from './es.ts';
import {
  type Locale,
  loadDictionary,
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
  const [locale, setLocaleSignal] = createSignal<Locale>('es');
  const [messages, setMessages] = createSignal<Messages>(es);
  document.documentElement.lang = 'es';
  let wanted: Locale = 'es';

  /** Switches once the dictionary is here, so a screen never mixes two languages. */
  const apply = async (next: Locale) => {
    wanted = next;
    const dictionary = await loadDictionary(next).catch(() => null);
    if (!dictionary || wanted !== next) return;
    batch(() => {
      setMessages(dictionary);
      setLocaleSignal(next);
    });
    document.documentElement.lang = next;
  };

  const setLocale = (next: Locale) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
    void apply(next);
  };

  const stored = readStoredLocale();
  if (stored !== 'es') void apply(stored);

  return {
    locale,
    setLocale,
    toggle: () => setLocale(wanted === 'es' ? 'en' : 'es'),
    /** Translates a key in the current language; reactive inside JSX and effects. */
    t: (key: MessageKey, params?: MessageParams) => translate(messages(), key, params),
  };
}

export type I18nStore = ReturnType<typeof createI18nStore>;
export type Translate = I18nStore['t'];
