import type { TurnRecord } from '../db/records.ts';

/** The answer /guardar and /registrar act on, with the question it answered. */
export interface LastAnswer {
  turn: TurnRecord;
  /** The user turn just before it, '' when there is none (a /resumir summary). */
  question: string;
}

/**
 * The last complete answer (pure): a chat answer or a summary, never a closing (that
 * one has its own proposal) nor an answer that was cut, stopped or failed.
 */
export function lastAnswer(turns: readonly TurnRecord[]): LastAnswer | null {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn?.role !== 'assistant') continue;
    if (turn.status !== 'complete' || turn.mode === 'closing' || turn.content.trim() === '') {
      continue;
    }
    const before = turns[i - 1];
    return { turn, question: before?.role === 'user' ? before.content : '' };
  }
  return null;
}

/**
 * Where a proposal tied to no answer (/recuerda, /exportar) is shown (pure): under the
 * newest answer of any kind, so later answers come below it; null before the first one.
 */
export function anchorTurnId(turns: readonly TurnRecord[]): string | null {
  return turns.findLast((t) => t.role === 'assistant')?.id ?? null;
}
