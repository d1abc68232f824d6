import { describe, expect, it } from 'vitest';
import type { ConversationRecord } from '../db/records.ts';
import { conversationMatches, searchConversations } from './conversation-search.ts';

const conv = (id: string, title: string): ConversationRecord => ({
  id,
  title,
  createdAt: 0,
  updatedAt: 0,
  profile: 'tutor',
  project: null,
  recall: false,
});

describe('web/chat/conversation-search', () => {
  it('matches every word of the query in the title or the turns, folding accents and case', () => {
    expect(conversationMatches('Sobre el sueño', '', 'SUENO')).toBe(true);
    expect(conversationMatches('Tesis', 'La memoria de trabajo', 'memoria tesis')).toBe(true);
    expect(conversationMatches('Tesis', 'La memoria de trabajo', 'memoria kant')).toBe(false);
  });

  it('keeps the list order and answers every conversation for an empty query', async () => {
    const list = [conv('a', 'Kant'), conv('b', 'Sueño'), conv('c', 'Otra')];
    const texts: Record<string, string> = { a: '', b: '', c: 'hablamos del sueño REM' };
    const textOf = async (c: ConversationRecord) => texts[c.id] ?? '';
    expect((await searchConversations(list, 'sueño', textOf)).map((c) => c.id)).toEqual(['b', 'c']);
    expect((await searchConversations(list, '  ', textOf)).map((c) => c.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
