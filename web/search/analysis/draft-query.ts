import { foldText } from '../../../common/fold-text.ts';
import { isStopWord, words } from '../../../common/spanish/spanish-analyzer.ts';

/** How many words of a draft are searched: enough to find its subject, few enough to stay fast. */
export const DRAFT_QUERY_MAX_WORDS = 12;
/** Shorter words say little about what a note is about (`ir`, `ok`, `3`). */
const MIN_WORD_LENGTH = 3;
/** Words of a chat message that are not stop-words in a note, but never its subject. */
const CHAT_WORDS = new Set(
  (
    'hola gracias quiero queria quisiera puedes podrias dime dame explica explicame ayuda ' +
    'ayudame favor necesito hacer creo sabes saber vale bueno pues entonces ahora'
  ).split(' '),
);
const URL_RE = /\b(?:https?:\/\/|www\.)\S+/giu;
const COMMAND_RE = /^\s*(?:\/|--)\p{L}/u;

/**
 * The query that finds notes related to a chat draft, or null when there is
 * nothing to search (a command, or no informative word). Stop-words, chat
 * filler, short words and URLs are dropped; of the rest, the words the draft
 * repeats most, then the longest, are kept (at most DRAFT_QUERY_MAX_WORDS), in
 * the order they were written, so a long draft costs the worker no more than
 * a short one.
 */
export function draftQuery(draft: string): string | null {
  if (COMMAND_RE.test(draft)) return null;
  const seen = new Map<string, { word: string; count: number; at: number }>();
  for (const word of words(draft.replace(URL_RE, ' '))) {
    const key = foldText(word);
    if (word.length < MIN_WORD_LENGTH || /^\p{N}+$/u.test(word)) continue;
    if (isStopWord(word) || CHAT_WORDS.has(key)) continue;
    const known = seen.get(key);
    if (known) known.count++;
    else seen.set(key, { word, count: 1, at: seen.size });
  }
  if (seen.size === 0) return null;
  const kept = [...seen.values()]
    .sort((a, b) => b.count - a.count || b.word.length - a.word.length || a.at - b.at)
    .slice(0, DRAFT_QUERY_MAX_WORDS)
    .sort((a, b) => a.at - b.at);
  return kept.map((k) => k.word).join(' ');
}
