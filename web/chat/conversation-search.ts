import { foldText } from '../../common/fold-text.ts';
import type { ConversationRecord } from '../db/records.ts';
import { listTurns } from '../db/turns-repo.ts';

/**
 * Whether a conversation matches what was typed in the list's search box: every word of
 * the query (accents and case folded) is in its title or in one of its turns.
 */
export function conversationMatches(title: string, text: string, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const haystack = foldText(`${title}\n${text}`);
  return words.every((w) => haystack.includes(w));
}

/** Each conversation's turns as one text, read from IndexedDB once per version of it. */
export function createConversationTexts() {
  const cache = new Map<string, { updatedAt: number; text: string }>();
  return async function textOf(c: ConversationRecord): Promise<string> {
    const known = cache.get(c.id);
    if (known?.updatedAt === c.updatedAt) return known.text;
    const text = (await listTurns(c.id)).map((t) => t.content).join('\n');
    cache.set(c.id, { updatedAt: c.updatedAt, text });
    return text;
  };
}

/** The conversations matching `query`, in their order ('' matches all). */
export async function searchConversations(
  conversations: readonly ConversationRecord[],
  query: string,
  textOf: (c: ConversationRecord) => Promise<string>,
): Promise<ConversationRecord[]> {
  if (query.trim() === '') return [...conversations];
  const texts = await Promise.all(conversations.map(textOf));
  return conversations.filter((c, i) => conversationMatches(c.title, texts[i] ?? '', query));
}
