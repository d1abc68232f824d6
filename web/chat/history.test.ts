import { describe, expect, it } from 'vitest';
import { turnRecord } from '../../testing/web/test-records.ts';
import type { TurnRecord } from '../db/records.ts';
import { selectHistory } from './history.ts';

const turn = (index: number, over: Partial<TurnRecord> = {}) => turnRecord(index, over);

describe('web/chat/history', () => {
  it('keeps the last N complete or cut turns, oldest first', () => {
    const turns = [turn(0), turn(1, { status: 'cut' }), turn(2), turn(3), turn(4)];
    expect(selectHistory(turns, 3).map((t) => t.content)).toEqual(['t2', 't3', 't4']);
    expect(selectHistory(turns, 10)[1]).toEqual({ role: 'assistant', content: 't1' });
  });

  it('leaves out stopped, failed, streaming, empty and summary turns', () => {
    const turns = [
      turn(0),
      turn(1, { status: 'stopped' }),
      turn(2, { status: 'error' }),
      turn(3, { status: 'streaming' }),
      turn(4, { content: '  ' }),
      turn(5, { mode: 'summary' }),
      turn(6),
    ];
    expect(selectHistory(turns, 10).map((t) => t.content)).toEqual(['t0', 't6']);
    expect(selectHistory(turns, 0)).toEqual([]);
  });
});
