import type { NoticeParams } from '../../common/notice-schemas.ts';
import type { ProposalRecord } from '../db/records.ts';

/** The error code kept on a record when asking for it again failed. */
export const PROPOSE_FAILED = 'propose_failed';

/** What happened to a proposal the user acted on (or that a newer one replaced). */
export type ProposalOutcome =
  | {
      type: 'written';
      written: { path: string; hash: string; bytes: number };
      /** The whole file before and after (SHA-256; null: no file), for «Deshacer». */
      undo?: { before: string | null; after: string | null };
    }
  | { type: 'rejected' }
  /** A confirm that failed; `diff` is the fresh diff of a 409 file_changed. */
  | {
      type: 'failed';
      code: string;
      message: string;
      /** What fills the code's words (an ApiError's params). */
      params?: NoticeParams;
      diff?: string | null;
    }
  | { type: 'superseded' };

/** Codes after which this proposal can never be confirmed: only a new one can write. */
const FINAL_CODES = new Set([
  'proposal_used',
  'bad_signature',
  'wrong_session',
  'invalid_path',
  'not_found',
]);

/**
 * The next record after `outcome` (pure). Only a pending proposal can be written or
 * rejected; an error that may pass (no connection, server error) leaves it pending with
 * the reason, so the user can try again; `superseded` hides any proposal not yet decided.
 */
export function settle(
  record: ProposalRecord,
  outcome: ProposalOutcome,
  now: number,
): ProposalRecord {
  const next = (patch: Partial<ProposalRecord>): ProposalRecord => {
    const { error: _error, ...rest } = record;
    return { ...rest, ...patch, updatedAt: now };
  };
  if (outcome.type === 'superseded') {
    return record.state === 'approved' || record.state === 'rejected'
      ? record
      : next({ state: 'superseded' });
  }
  if (record.state !== 'pending') return record;
  switch (outcome.type) {
    case 'written':
      return next({
        state: 'approved',
        written: outcome.written,
        ...(outcome.undo ? { undo: outcome.undo } : {}),
      });
    case 'rejected':
      return next({ state: 'rejected' });
    case 'failed': {
      const { code, message, params } = outcome;
      const error = params ? { code, message, params } : { code, message };
      if (outcome.code === 'proposal_expired') return next({ state: 'expired', error });
      if (outcome.code === 'file_changed') {
        return next({ state: 'changed', error, changedDiff: outcome.diff ?? '' });
      }
      return next({ state: FINAL_CODES.has(outcome.code) ? 'failed' : 'pending', error });
    }
  }
}

/** True while the user can still approve or reject it. */
export const isPending = (r: ProposalRecord) => r.state === 'pending';

/** True when nothing was written and a fresh proposal could be asked for. */
export const canProposeAgain = (r: ProposalRecord) =>
  r.state === 'expired' || r.state === 'changed' || r.state === 'failed';

/** The records shown under one answer: replaced ones are hidden. */
export function visibleFor(records: readonly ProposalRecord[], turnId: string): ProposalRecord[] {
  return records.filter((r) => (r.turnId ?? '') === turnId && r.state !== 'superseded');
}
