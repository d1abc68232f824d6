import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../common/synapse-schemas.ts';
import type { ProposalRecord, TurnRecord } from '../db/records.ts';
import { turnRecord } from '../db/test-records.ts';
import { httpUrl } from '../web-context/safe-url.ts';
import { keyChoice, keyDecision, shouldTakeFocus } from './card-keys.ts';
import { diffLines } from './diff-lines.ts';
import { lastAnswer } from './last-answer.ts';
import { canProposeAgain, settle, visibleFor } from './proposal-state.ts';

const proposal: Proposal = {
  id: 'p1',
  kind: 'write',
  path: '00_Entrada/idea.md',
  mode: 'overwrite',
  content: 'nuevo',
  preview: { type: 'diff', unified: '' },
  baseHash: 'abc',
  expiresAt: 10,
  signature: 'sig',
};
const record = (over: Partial<ProposalRecord> = {}): ProposalRecord => ({
  id: 'p1',
  conversationId: 'c',
  turnId: 't1',
  proposal,
  origin: { route: 'write', path: proposal.path, content: 'nuevo' },
  state: 'pending',
  createdAt: 1,
  updatedAt: 1,
  ...over,
});
const written = { path: '00_Entrada/idea.md', hash: 'h', bytes: 5 };

describe('web/proposals/proposal-state', () => {
  it('marks a written proposal approved with what the server wrote', () => {
    const next = settle(record(), { type: 'written', written }, 5);
    expect(next).toMatchObject({ state: 'approved', written, updatedAt: 5 });
  });

  it('turns 410 into expired and 409 file_changed into changed with the fresh diff', () => {
    const failed = (code: string, diff?: string) =>
      settle(record(), { type: 'failed', code, message: 'm', diff: diff ?? null }, 2);
    expect(failed('proposal_expired').state).toBe('expired');
    expect(failed('file_changed', '-a\n+b')).toMatchObject({
      state: 'changed',
      changedDiff: '-a\n+b',
    });
    expect(canProposeAgain(failed('proposal_expired'))).toBe(true);
  });

  it('keeps a proposal pending, with the reason, after an error that may pass', () => {
    const next = settle(record(), { type: 'failed', code: 'network', message: 'sin red' }, 2);
    expect(next).toMatchObject({
      state: 'pending',
      error: { code: 'network', message: 'sin red' },
    });
    expect(settle(next, { type: 'written', written }, 3)).not.toHaveProperty('error');
  });

  it('makes a spent or forged proposal final: it cannot be retried, only proposed again', () => {
    const next = settle(record(), { type: 'failed', code: 'proposal_used', message: 'm' }, 2);
    expect(next.state).toBe('failed');
    expect(canProposeAgain(next)).toBe(true);
  });

  it('never changes a decided proposal, and supersedes only undecided ones', () => {
    const approved = record({ state: 'approved' });
    expect(settle(approved, { type: 'rejected' }, 9)).toBe(approved);
    expect(settle(approved, { type: 'superseded' }, 9)).toBe(approved);
    expect(settle(record({ state: 'expired' }), { type: 'superseded' }, 9).state).toBe(
      'superseded',
    );
  });

  it('shows under an answer only its proposals that were not replaced', () => {
    const list = [
      record({ id: 'a' }),
      record({ id: 'b', state: 'superseded' }),
      record({ id: 'c', turnId: 'other' }),
    ];
    expect(visibleFor(list, 't1').map((r) => r.id)).toEqual(['a']);
  });
});

describe('web/proposals/diff-lines', () => {
  it('classifies headers, hunks, additions, removals and context', () => {
    const unified = [
      'Index: a.md',
      '===================================================================',
      '--- a.md',
      '+++ a.md',
      '@@ -1,2 +1,2 @@',
      ' igual',
      '-viejo',
      '--- una línea que empieza por guiones',
      '+nuevo',
      '\\ No newline at end of file',
      '',
    ].join('\n');
    expect(diffLines(unified).map((l) => l.kind)).toEqual([
      'meta',
      'meta',
      'meta',
      'meta',
      'hunk',
      'same',
      'del',
      'del',
      'add',
      'meta',
    ]);
  });

  it('keeps markup as text', () => {
    expect(diffLines('@@ -1 +1 @@\n+<img src=x onerror=alert(1)>')[1]).toEqual({
      kind: 'add',
      text: '+<img src=x onerror=alert(1)>',
    });
  });
});

describe('web/proposals/card-keys', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
    keyDecision({ key: k, altKey: false, ctrlKey: false, metaKey: false, ...mods });

  it('reads S, Y and Enter as yes and N as no, in either case', () => {
    expect(['s', 'S', 'y', 'Enter'].map((k) => key(k))).toEqual(['yes', 'yes', 'yes', 'yes']);
    expect([key('n'), key('N')]).toEqual(['no', 'no']);
  });

  it('ignores other keys, shortcuts and keys composing an accent', () => {
    expect(key('x')).toBeNull();
    expect(key('s', { ctrlKey: true })).toBeNull();
    expect(key('n', { isComposing: true })).toBeNull();
  });

  it('approves with S and rejects with N on any card, but never overwrites or approves a blocked one', () => {
    const plain = { overwrite: false, blocked: false };
    expect(keyChoice('yes', plain)).toBe('approve');
    expect(keyChoice('no', plain)).toBe('reject');
    expect(keyChoice('yes', { overwrite: true, blocked: false })).toBeNull();
    expect(keyChoice('yes', { overwrite: false, blocked: true })).toBeNull();
    expect(keyChoice('no', { overwrite: true, blocked: true })).toBe('reject');
  });

  it('takes the focus only when nobody is typing or working elsewhere', () => {
    expect(shouldTakeFocus({ active: 'composer', composerText: '' })).toBe(true);
    expect(shouldTakeFocus({ active: 'none', composerText: ' ' })).toBe(true);
    expect(shouldTakeFocus({ active: 'composer', composerText: 'Sí, y' })).toBe(false);
    expect(shouldTakeFocus({ active: 'other', composerText: '' })).toBe(false);
  });
});

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
});

describe('web/web-context/safe-url', () => {
  it('keeps http(s) links and drops script and data ones', () => {
    expect(httpUrl('https://a.es/x?y=1')).toBe('https://a.es/x?y=1');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('data:text/html,hi')).toBeNull();
    expect(httpUrl('no es una url')).toBeNull();
  });
});
