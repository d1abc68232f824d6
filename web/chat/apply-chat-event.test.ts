import { describe, expect, it } from 'vitest';
import { turnRecord } from '../../testing/web/test-records.ts';
import type { TurnRecord } from '../db/records.ts';
import { neverReached } from './answer-stream.ts';
import { applyChatEvent } from './apply-chat-event.ts';

const turn = (index: number, over: Partial<TurnRecord> = {}) => turnRecord(index, over);

describe('web/chat/apply-chat-event', () => {
  const start = turn(1, { content: '', status: 'streaming' });

  it('builds the answer from meta, deltas, a fallback and done', () => {
    let t = applyChatEvent(start, {
      type: 'meta',
      sent: [{ kind: 'note', label: 'a.md', chars: 10, cutChars: 0 }],
      droppedTurns: 1,
      promptChars: 100,
      notices: ['Se dejaron fuera 1 mensajes antiguos…'],
      noticeCodes: [{ code: 'turns_dropped', params: { count: 1 } }],
      provider: 'groq',
      model: 'g1',
    });
    t = applyChatEvent(t, {
      type: 'fallback',
      from: { provider: 'groq', model: 'g1' },
      to: { provider: 'openrouter', model: 'o1' },
      reason: 'rate_limited',
      failure: { code: 'rate_limited', params: {} },
      message: '429',
    });
    t = applyChatEvent(t, { type: 'delta', text: 'Ho' });
    t = applyChatEvent(t, { type: 'delta', text: 'la' });
    t = applyChatEvent(t, {
      type: 'done',
      provider: 'openrouter',
      model: 'o1',
      ttftMs: 12,
      totalMs: 40,
      usage: { promptTokens: 5, completionTokens: 2 },
      finishReason: 'stop',
    });
    expect(t.content).toBe('Hola');
    expect(t.status).toBe('complete');
    expect(t.meta).toMatchObject({ provider: 'openrouter', ttftMs: 12, droppedTurns: 1 });
    expect(t.meta?.fallbacks).toHaveLength(1);
    expect(start.content).toBe('');
  });

  it('tells an answer that never reached the server from one that failed on the way', () => {
    const answer = turnRecord(1, { role: 'assistant', content: '' });
    const network = { code: 'network', message: 'Failed to fetch' };
    expect(neverReached({ ...answer, status: 'error', error: network })).toBe(true);
    expect(neverReached({ ...answer, status: 'error', content: 'Ho', error: network })).toBe(false);
    const other = { code: 'no_provider', message: 'x' };
    expect(neverReached({ ...answer, status: 'error', error: other })).toBe(false);
    expect(neverReached({ ...answer, status: 'stopped', error: network })).toBe(false);
  });

  it('marks an error after text as cut and keeps the text; before text as error', () => {
    const err = { type: 'error', code: 'timeout', message: 'x', partial: true } as const;
    const withText = applyChatEvent(applyChatEvent(start, { type: 'delta', text: 'a' }), err);
    expect(withText).toMatchObject({ status: 'cut', content: 'a', error: { code: 'timeout' } });
    expect(applyChatEvent(start, { ...err, partial: false }).status).toBe('error');
  });
});
