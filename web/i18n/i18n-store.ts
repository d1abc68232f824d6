import { type Accessor, batch, createSignal } from 'solid-js';
import { es, type MessageKey, type Messages } from './es.ts';
import { type Locale, loadDictionary, type MessageParams, translate } from './translate.ts';
import type { WordPart, Words } from './word-part.ts';

/**
 * The UI language: the current locale, a reactive `t`, and a switch whose
 * choice `remember` keeps (the preferences store); Spanish until told otherwise.
 */
export function createI18nStore(remember: (locale: Locale) => void = () => undefined) {
  const [locale, setLocaleSignal] = createSignal<Locale>('es');
  const [messages, setMessages] = createSignal<Messages>(es);
  // The words of the parts asked for so far, in the language shown.
  const [partWords, setPartWords] = createSignal<Words>({});
  const parts = new Set<WordPart>();
  document.documentElement.lang = 'es';
  let wanted: Locale = 'es';

  const loadParts = async (next: Locale, list: readonly WordPart[]) =>
    Object.assign({}, ...(await Promise.all(list.map((part) => part.load(next))))) as Words;

  /** Switches once the dictionary and the parts in use are here, so a screen never mixes two languages. */
  const apply = async (next: Locale) => {
    wanted = next;
    let list: WordPart[];
    let loaded: [Messages, Words] | null;
    // A part asked for while these loaded is loaded in the new language too.
    do {
      list = [...parts];
      loaded = await Promise.all([loadDictionary(next), loadParts(next, list)]).catch(() => null);
    } while (loaded && list.length !== parts.size);
    if (!loaded || wanted !== next) return;
    const [dictionary, words] = loaded;
    batch(() => {
      setMessages(dictionary);
      setPartWords(words);
      setLocaleSignal(next);
    });
    document.documentElement.lang = next;
  };

  const setLocale = (next: Locale) => {
    remember(next);
    void apply(next);
  };

  /**
   * Loads a part's words in the language shown, once; true once `t` words its keys. A part
   * that could not be fetched (the server gone) is asked for again by its next use.
   */
  const usePart = (part: WordPart): Accessor<boolean> => {
    if (!parts.has(part)) {
      parts.add(part);
      const at = locale();
      part.load(at).then(
        (words) => {
          if (locale() === at) setPartWords((held) => ({ ...held, ...words }));
        },
        () => parts.delete(part),
      );
    }
    return () => part.isIn(partWords());
  };

  return {
    locale,
    setLocale,
    /** Shows the language saved earlier (read after the store was built), without saving it again. */
    restore: (saved: Locale) => {
      if (saved !== wanted) void apply(saved);
    },
    toggle: () => setLocale(wanted === 'es' ? 'en' : 'es'),
    usePart,
    /** Translates a key in the current language; reactive inside JSX and effects. */
    t: (key: MessageKey, params?: MessageParams) => {
      // A part's key before its words are here (its views wait for usePart) says nothing.
      return translate(key in messages() ? messages() : partWords(), key, params);
    },
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
