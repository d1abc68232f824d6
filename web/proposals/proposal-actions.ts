import { createSignal } from 'solid-js';
import { unwrap } from 'solid-js/store';
import type { Proposal } from '../../common/synapse-schemas.ts';
import { noteKey } from '../../common/wikilinks.ts';
import type { ChatCore } from '../chat/chat-core.ts';
import { putProposal } from '../db/proposals-repo.ts';
import type { ProposalOrigin, ProposalRecord, TurnRecord } from '../db/records.ts';
import { describeError } from '../i18n/describe-error.ts';
import { ApiError } from '../lib/api-error.ts';
import {
  changedDiff,
  confirmProposal,
  proposeClosing,
  proposeSave,
  proposeSynapses,
  proposeWrite,
  rejectProposal,
} from '../lib/proposals-api.ts';
import { showCommandFailure } from './explain-error.ts';
import { type ProposalOutcome, settle } from './proposal-state.ts';

/** The error code kept on a record when asking for it again failed. */
export const PROPOSE_FAILED = 'propose_failed';

/** Proposals waiting on the server; their buttons are disabled meanwhile. */
const [busy, setBusy] = createSignal<ReadonlySet<string>>(new Set());
export const isBusy = (id: string) => busy().has(id);
const mark = (id: string, on: boolean) =>
  setBusy((s) => {
    const next = new Set(s);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });

/** Saves a record and shows it (a new one at the end, a known one in place). */
async function store(core: ChatCore, record: ProposalRecord) {
  // A record built from the store holds proxies, which IndexedDB cannot clone.
  await putProposal(unwrap(record));
  if (core.state.conversation?.id !== record.conversationId) return;
  const i = core.state.proposals.findIndex((p) => p.id === record.id);
  core.setState('proposals', i === -1 ? core.state.proposals.length : i, record);
}

/** Keeps a new proposal from the server under the answer it belongs to. */
export async function addProposal(
  core: ChatCore,
  turnId: string | null,
  proposal: Proposal,
  origin: ProposalOrigin,
): Promise<ProposalRecord> {
  const now = Date.now();
  const record: ProposalRecord = {
    id: proposal.id,
    conversationId: core.state.conversation?.id ?? '',
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

async function apply(core: ChatCore, id: string, outcome: ProposalOutcome) {
  const record = core.state.proposals.find((p) => p.id === id);
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
  core: ChatCore,
  id: string,
  choice: 'approve' | 'overwrite' | 'reject',
) {
  const record = core.state.proposals.find((p) => p.id === id);
  if (record?.state !== 'pending' || isBusy(id)) return;
  mark(id, true);
  try {
    if (choice === 'reject') {
      // Rejected here even if the server cannot be told: it is never confirmed.
      await rejectProposal(id).catch(() => {});
      return await apply(core, id, { type: 'rejected' });
    }
    const { written } = await confirmProposal(record.proposal, choice === 'overwrite');
    await apply(core, id, { type: 'written', written });
  } catch (error) {
    await apply(core, id, failure(error)).catch(core.report);
  } finally {
    mark(id, false);
  }
}

/** Asks the server for the proposal again from its origin; the new one replaces the old. */
export async function proposeAgain(core: ChatCore, id: string, origin?: ProposalOrigin) {
  const record = core.state.proposals.find((p) => p.id === id);
  if (!record || isBusy(id)) return;
  mark(id, true);
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
    mark(id, false);
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
    case 'synapses': {
      const key = old.proposal.link ? noteKey(old.proposal.link.target) : '';
      const all = await proposeSynapses(origin.answer);
      const [same, others] = partition(all, (p) => linkKey(p) === key);
      for (const p of others) void rejectProposal(p.id).catch(() => {});
      return same[0] ?? null;
    }
  }
}

const linkKey = (p: Proposal) => (p.link ? noteKey(p.link.target) : '');

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/** A finished answer: its closing (for /cerrar) or its `[[links]]` become proposals. */
export async function afterAnswer(core: ChatCore, turn: TurnRecord) {
  try {
    if (turn.mode === 'closing') await closingFor(core, turn);
    else await synapsesFor(core, turn);
  } catch (error) {
    showCommandFailure(core, error);
  }
}

async function synapsesFor(core: ChatCore, turn: TurnRecord) {
  const proposals = await proposeSynapses(turn.content);
  // The user said no to these links in this conversation: not asked again, even after a restart.
  const refused = new Set(
    core.state.proposals
      .filter((r) => r.state === 'rejected' && r.proposal.kind === 'synapse')
      .map((r) => linkKey(r.proposal)),
  );
  const [skipped, asked] = partition(proposals, (p) => refused.has(linkKey(p)));
  for (const p of skipped) void rejectProposal(p.id).catch(() => {});
  for (const p of asked)
    await addProposal(core, turn.id, p, { route: 'synapses', answer: turn.content });
}

async function closingFor(core: ChatCore, turn: TurnRecord) {
  const body = {
    content: turn.content,
    meta: {
      profile: core.state.conversation?.profile ?? '',
      provider: turn.meta?.provider ?? '',
      model: turn.meta?.model ?? '',
    },
  };
  const proposal = await proposeClosing(body);
  await addProposal(core, turn.id, proposal, { route: 'closing', body });
}
