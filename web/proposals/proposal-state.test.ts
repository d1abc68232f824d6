import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../common/proposal-schemas.ts';
import type { ProposalRecord } from '../db/records.ts';
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
