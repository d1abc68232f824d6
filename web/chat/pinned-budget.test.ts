import { describe, expect, it } from 'vitest';
import type { SentPart } from '../../common/chat-schemas.ts';
import type { Chip, TurnRecord } from '../db/records.ts';
import { chipChars, lastParts, pinnedTokens } from './pinned-budget.ts';

const part = (over: Partial<SentPart>): SentPart => ({
  part: 'attachment',
  message: 1,
  role: 'user',
  label: '',
  chars: 0,
  ...over,
});

const turn = (parts?: SentPart[]): TurnRecord => ({
  id: 'x',
  conversationId: 'c',
  index: 0,
  role: 'assistant',
  content: '',
  status: 'complete',
  createdAt: 0,
  ...(parts
    ? {
        meta: {
          sent: [],
          parts,
          notices: [],
          droppedTurns: 0,
          provider: '',
          model: '',
          fallbacks: [],
          ttftMs: null,
          totalMs: null,
          usage: null,
        },
      }
    : {}),
});

describe('web/chat/pinned-budget', () => {
  const parts = [
    part({ label: 'a.md', chars: 400 }),
    part({ part: 'recall', message: 0, role: 'system', label: 's/c.md', chars: 800 }),
    part({ part: 'project', message: 0, role: 'system', label: 'Tesis', chars: 40 }),
  ];

  it('takes the parts of the latest answer that has them', () => {
    expect(lastParts([turn(parts), turn([part({ chars: 1 })]), turn()])).toEqual([
      part({ chars: 1 }),
    ]);
  });

  it('measures a chip by its own text, or by what the last request sent for its source', () => {
    expect(chipChars({ id: '1', kind: 'paste', text: 'abc' }, [])).toBe(3);
    expect(chipChars({ id: '2', kind: 'note', path: 'a.md' }, parts)).toBe(400);
    expect(chipChars({ id: '3', kind: 'note', path: 'b.md' }, parts)).toBeNull();
    // Not sent yet: its size in the vault's listing stands in.
    expect(chipChars({ id: '3', kind: 'note', path: 'b.md' }, parts, () => 90)).toBe(90);
  });

  it('adds up only what is pinned, with the project', () => {
    const chips: Chip[] = [
      { id: '1', kind: 'note', path: 'a.md', pinned: true },
      { id: '2', kind: 'recall', path: 's/c.md' },
    ];
    expect(pinnedTokens(chips, 'Tesis', parts)).toBe(110);
    expect(pinnedTokens(chips, null, parts)).toBe(100);
  });
});
