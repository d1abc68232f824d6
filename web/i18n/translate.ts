import { es, type Messages } from './es.ts';
import type { Words } from './word-part.ts';

export const locales = ['es', 'en'] as const;
export type Locale = (typeof locales)[number];

/**
 * The dictionary of a language. Spanish is built in; English is fetched on
 * first use, so the first page carries one language's words, not two.
 */
export async function loadDictionary(locale: Locale): Promise<Messages> {
  return locale === 'en' ? (await import('./en.ts')).en : es;
}

/** Values substituted for `{name}` placeholders in a message. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Looks a key up in some words (the main dictionary, a part loaded apart, or both) and fills
 * its `{placeholders}`; unknown placeholders stay as written, a key not there says nothing.
 */
export function translate(messages: Words, key: string, params?: MessageParams): string {
  const text = messages[key];
  return text === undefined ? '' : fill(text, params);
}

/** Fills a message's `{placeholders}`; unknown ones stay as written. */
function fill(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Reads a stored language choice; anything unknown falls back to Spanish. */
export function parseLocale(value: string | null | undefined): Locale {
  return value === 'en' ? 'en' : 'es';
}
