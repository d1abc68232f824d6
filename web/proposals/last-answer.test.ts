import { describe, expect, it } from 'vitest';
import { turnRecord } from '../../testing/web/test-records.ts';
import type { TurnRecord } from '../db/records.ts';
import { anchorTurnId, lastAnswer } from './last-answer.ts';

const turn = (index: number, over: Partial<TurnRecord> = {}) => turnRecord(index, over);

describe('web/proposals/last-answer', () => {
  it('finds the last complete answer and the question before it, skipping closings and cut ones', () => {
    const turns = [
      turn(0),
      turn(1),
      turn(2),
      turn(3, { status: 'cut' }),
      turn(4, { role: 'assistant', mode: 'closing' }),
    ];
    expect(lastAnswer(turns)).toMatchObject({ turn: { id: '1' }, question: 't0' });
    expect(lastAnswer([turn(0)])).toBeNull();
  });

  it('anchors a proposal of no answer under the newest answer, whatever its state', () => {
    expect(anchorTurnId([turn(0), turn(1), turn(2), turn(3, { status: 'error' })])).toBe('3');
    expect(anchorTurnId([turn(0), turn(1), turn(2)])).toBe('1');
    expect(anchorTurnId([turn(0)])).toBeNull();
  });
});
