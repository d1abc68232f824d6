import type { Locale } from './translate.ts';

/** Some words by key, in one language. */
export type Words = Readonly<Record<string, string>>;

/**
 * A part of the dictionary that loads apart from the main one: words only some views use
 * (a refused harness edit, the long-term layer), kept off the first page. The Spanish words
 * come with the module that names the part; the English ones are fetched on first use.
 */
export interface WordPart {
  /** The part's words in a language. */
  load(locale: Locale): Promise<Words>;
  /** Whether `words` holds this part's words. */
  isIn(words: Words): boolean;
}

/** A part from its Spanish words and a loader of its English ones. */
export function wordPart(es: Words, loadEnglish: () => Promise<Words>): WordPart {
  const key = Object.keys(es)[0] ?? '';
  return {
    load: (locale) => (locale === 'en' ? loadEnglish() : Promise.resolve(es)),
    isIn: (words) => key in words,
  };
}
