import { type Component, createSignal, lazy } from 'solid-js';
import type { ActionMessages } from './es-actions.ts';
import type { Locale } from './translate.ts';

/**
 * The words of the features loaded on demand (proposals, web context, audit). They
 * arrive with those features, not on the first page: the first page's JavaScript
 * has a budget, and most visits never approve a write.
 */

const [messages, setMessages] = createSignal<ActionMessages | null>(null);
let locale: Locale = 'es';
let loading: Promise<void> | null = null;

/** The loaded action words, or null before the first feature that needs them. */
export const actionMessages = messages;

const fetchWords = async (l: Locale): Promise<ActionMessages> =>
  l === 'en'
    ? (await import('./en-actions.ts')).enActions
    : (await import('./es-actions.ts')).esActions;

/** Loads the action words in the current language (once); features await it before they show. */
export function loadActionMessages(): Promise<void> {
  const current =
    loading ??
    fetchWords(locale).then(
      (words) => void setMessages(words),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  loading = current;
  return current;
}

/**
 * The language is switching to `next`: fetches its action words when they are in use
 * and answers a setter, so the i18n store swaps both dictionaries in one batch.
 */
export async function switchActionMessages(next: Locale): Promise<() => void> {
  locale = next;
  if (!loading) return () => {};
  const words = await fetchWords(next).catch(() => null);
  return () => {
    if (words) setMessages(words);
  };
}

/** Like solid's `lazy`, but the component shows only once its words are here too. */
export function lazyWithWords<P extends object>(load: () => Promise<Component<P>>) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadActionMessages()]);
    return { default: component };
  });
}

/** Runs a feature module's code once the module and its words are loaded. */
export async function withWords<M>(load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), loadActionMessages()]);
  return module;
}
