import { unwrap } from 'solid-js/store';
import type { Proposal } from '../../common/proposal-schemas.ts';
import { noteKey } from '../../common/wikilinks.ts';
import { putProposal } from '../db/proposals-repo.ts';
import type { ProposalOrigin, ProposalRecord } from '../db/records.ts';
import { currentHash } from '../history/current-hashes.ts';
import { describeError } from '../i18n/describe-error.ts';
import { ApiError } from '../lib/api-error.ts';
import { proposeRestore } from '../lib/history-api.ts';
import {
  changedDiff,
  confirmProposal,
  proposeAppend,
  proposeClosing,
  proposeConnection,
  proposeRemember,
  proposeSave,
  proposeSynapses,
  proposeWrite,
  rejectProposal,
} from '../lib/proposals-api.ts';
import { PROPOSE_FAILED, type ProposalOutcome, settle } from './proposal-state.ts';
import type { ProposalsCore } from './proposals-core.ts';

const mark = (core: ProposalsCore, id: string, on: boolean) =>
  core.setState('busy', (ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
const isBusy = (core: ProposalsCore, id: string) => core.state.busy.includes(id);

/** Saves a record and shows it (a new one at the end, a known one in place). */
async function store(core: ProposalsCore, record: ProposalRecord) {
  // A record built from the store holds proxies, which IndexedDB cannot clone.
  await putProposal(unwrap(record));
  if (core.chat.state.conversation?.id !== record.conversationId) return;
  const records = core.state.records;
  const i = records.findIndex((p) => p.id === record.id);
  core.setState('records', i === -1 ? records.length : i, record);
}

/** Keeps a new proposal from the server under the answer it belongs to. */
export async function addProposal(
  core: ProposalsCore,
  turnId: string | null,
  proposal: Proposal,
  origin: ProposalOrigin,
): Promise<ProposalRecord> {
  const now = Date.now();
  const record: ProposalRecord = {
    id: proposal.id,
    conversationId: core.chat.state.conversation?.id ?? '',
    turnId,
    proposal,
    origin,
    state: 'pending',
    createdAt: now,
    updatedAt: now,
  };
  await store(core, record);
  return record;
}

async function apply(core: ProposalsCore, id: string, outcome: ProposalOutcome) {
  const record = core.state.records.find((p) => p.id === id);
  if (record) await store(core, settle(record, outcome, Date.now()));
}

/** The failure's facts, kept as sent: the card words them in the language of the moment. */
const failure = (error: unknown): ProposalOutcome => ({
  type: 'failed',
  code: error instanceof ApiError ? error.code : 'internal',
  message: error instanceof Error ? error.message : String(error),
  ...(error instanceof ApiError ? { params: error.params } : {}),
  diff: changedDiff(error),
});

/** The user decided: approve (with `overwrite` for an existing file) or reject. */
export async function decide(
  core: ProposalsCore,
  id: string,
  choice: 'approve' | 'overwrite' | 'reject',
) {
  const record = core.state.records.find((p) => p.id === id);
  if (record?.state !== 'pending' || isBusy(core, id)) return;
  mark(core, id, true);
  try {
    if (choice === 'reject') {
      // Rejected here even if the server cannot be told: it is never confirmed.
      await rejectProposal(id).catch(() => {});
      return await apply(core, id, { type: 'rejected' });
    }
    const { written, before, after } = await confirmProposal(
      record.proposal,
      choice === 'overwrite',
      record.conversationId || undefined,
    );
    await apply(core, id, { type: 'written', written, undo: { before, after } });
    if (record.proposal.kind === 'synapse') await proposeConnections(core, record);
  } catch (error) {
    await apply(core, id, failure(error)).catch(core.report);
  } finally {
    mark(core, id, false);
  }
}

/**
 * An approved synapse `[[B]]` also reaches the graph: for each note sent with that answer
 * (attached or pinned), a second proposal adds `- [[B]]` under the note's «Conexiones»,
 * approved separately. A note that already links to B is not asked about.
 */
async function proposeConnections(core: ProposalsCore, synapse: ProposalRecord) {
  const link = synapse.proposal.link;
  const turn = core.chat.state.turns.find((x) => x.id === synapse.turnId);
  if (!link || !turn) return;
  const notes = (turn.meta?.sent ?? []).filter((s) => s.kind === 'note').map((s) => s.label);
  for (const note of new Set(notes)) {
    if (note === link.resolved) continue;
    try {
      const origin: ProposalOrigin = { route: 'connection', note, link: link.target };
      await addProposal(core, synapse.turnId, await proposeConnection(note, link.target), origin);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'already_linked') continue;
      core.chat.commandFailed(describeError(error, core.i18n.t));
    }
  }
}

/**
 * «Deshacer» on an approved card: while the file still has what this write put there, a
 * proposal that brings back what it replaced (or removes the file it created), shown
 * as a new card and approved like any other.
 */
export async function undo(core: ProposalsCore, id: string) {
  const record = core.state.records.find((p) => p.id === id);
  const path = record?.written?.path;
  if (!record?.undo || !path || isBusy(core, id)) return;
  mark(core, id, true);
  try {
    const current = await currentHash(path);
    if (current !== record.undo.after) return core.chat.showNotice('info', 'proposal.undoChanged');
    const origin: ProposalOrigin = { route: 'restore', path, version: record.undo.before };
    await addProposal(core, record.turnId, await proposeRestore(path, record.undo.before), origin);
  } catch (error) {
    core.chat.commandFailed(describeError(error, core.i18n.t));
  } finally {
    mark(core, id, false);
  }
}

/** Asks the server for the proposal again from its origin; the new one replaces the old. */
export async function proposeAgain(core: ProposalsCore, id: string, origin?: ProposalOrigin) {
  const record = core.state.records.find((p) => p.id === id);
  if (!record || isBusy(core, id)) return;
  mark(core, id, true);
  try {
    const from = origin ?? record.origin;
    const fresh = await request(from, record);
    if (!fresh) return await apply(core, id, { type: 'superseded' });
    if (record.state === 'pending') await rejectProposal(id).catch(() => {});
    await apply(core, id, { type: 'superseded' });
    await addProposal(core, record.turnId, fresh, from);
  } catch (error) {
    const message = describeError(error, core.i18n.t);
    await store(core, { ...record, error: { code: PROPOSE_FAILED, message } }).catch(core.report);
  } finally {
    mark(core, id, false);
  }
}

async function request(origin: ProposalOrigin, old: ProposalRecord): Promise<Proposal | null> {
  switch (origin.route) {
    case 'save':
      return proposeSave(origin.body);
    case 'write':
      return proposeWrite(origin.path, origin.content);
    case 'closing':
      return proposeClosing(origin.body);
    case 'append':
      return proposeAppend(origin.path, origin.content);
    case 'remember':
      return proposeRemember(origin.text);
    case 'connection':
      return proposeConnection(origin.note, origin.link);
    case 'restore':
      return proposeRestore(origin.path, origin.version);
    case 'synapses': {
      const key = old.proposal.link ? noteKey(old.proposal.link.target) : '';
      const all = await proposeSynapses(origin.answer);
      const [same, others] = partition(all, (p) => linkKey(p) === key);
      for (const p of others) void rejectProposal(p.id).catch(() => {});
      return same[0] ?? null;
    }
  }
}

/** The note a synapse links to, folded as links resolve ('' for other proposals). */
export const linkKey = (p: Proposal) => (p.link ? noteKey(p.link.target) : '');

/** The items that pass `test`, and the others. */
export function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
