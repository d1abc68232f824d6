import { describe, expect, it } from 'vitest';
import type { TurnRecord } from '../db/records.ts';
import { renderConversation } from './render-conversation.ts';

const turn = (
  role: TurnRecord['role'],
  content: string,
  meta?: TurnRecord['meta'],
): TurnRecord => ({
  id: content,
  conversationId: 'c',
  index: 0,
  role,
  content,
  status: 'complete',
  createdAt: 0,
  ...(meta ? { meta } : {}),
});

describe('renderConversation', () => {
  it('puts each turn under who spoke, the answer with its model, apart by rules, skipping empty ones', () => {
    const meta = {
      sent: [],
      notices: [],
      droppedTurns: 0,
      provider: 'groq',
      model: 'llama',
      fallbacks: [],
      ttftMs: null,
      totalMs: null,
      usage: null,
    };
    const md = renderConversation(
      [turn('user', '¿Qué es?'), turn('assistant', 'Es esto.\n', meta), turn('assistant', ' ')],
      { you: 'Tú', soma: 'SOMA' },
    );
    expect(md).toBe('### Tú\n\n¿Qué es?\n\n---\n\n### SOMA · groq · llama\n\nEs esto.');
  });
});
