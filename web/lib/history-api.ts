import {
  type HistoryDiffAnswer,
  HistoryDiffAnswerSchema,
  type HistoryListAnswer,
  HistoryListAnswerSchema,
} from '../../common/history-schemas.ts';
import { type Proposal, ProposalAnswerSchema } from '../../common/proposal-schemas.ts';
import { postJson, request } from './api.ts';

/**
 * The write history calls (/api/history and the restore proposal). Beside `api.ts`, like
 * the proposals calls, so they load with the views that show a history.
 */

const q = encodeURIComponent;

/** The writes SOMA made to `path`, newest first, with whether each is still on disk. */
export function getNoteHistory(path: string): Promise<HistoryListAnswer> {
  return request(HistoryListAnswerSchema, `/api/history/note?path=${q(path)}`);
}

/** One write as diffs: against the version before it and against the file now. */
export function getHistoryDiff(path: string, id: string): Promise<HistoryDiffAnswer> {
  return request(HistoryDiffAnswerSchema, `/api/history/diff?path=${q(path)}&id=${q(id)}`);
}

/**
 * A proposal that puts version `version` (a SHA-256 from the history) back at `path`, or
 * with `null` removes a file SOMA created; approved like any other proposal.
 */
export async function proposeRestore(path: string, version: string | null): Promise<Proposal> {
  const body = postJson({ path, version });
  return (await request(ProposalAnswerSchema, '/api/proposals/restore', body)).proposal;
}
