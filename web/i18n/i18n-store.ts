import { batch, createSignal } from 'solid-js';
import { es, type MessageKey, type Messages } from './es.ts';
import { type Locale, loadDictionary, type MessageParams, translate } from './translate.ts';

/**
 * The UI language: the current locale, a reactive `t`, and a switch whose
 * choice `remember` keeps (the preferences store); Spanish until told otherwise.
 */
export function createI18nStore(remember: (locale: Locale) => void = () => undefined) {
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
    remember(next);
    void apply(next);
  };

  return {
    locale,
    setLocale,
    /** Shows the language saved earlier (read after the store was built), without saving it again. */
    restore: (saved: Locale) => {
      if (saved !== wanted) void apply(saved);
    },
    toggle: () => setLocale(wanted === 'es' ? 'en' : 'es'),
    /** Translates a key in the current language; reactive inside JSX and effects. */
    t: (key: MessageKey, params?: MessageParams) => translate(messages(), key, params),
  };
}

export type I18nStore = ReturnType<typeof createI18nStore>;
export type Translate = I18nStore['t'];

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The language shown and its words. */
    i18n: I18nStore;
  }
}
