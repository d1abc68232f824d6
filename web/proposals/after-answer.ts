import type { TurnRecord } from '../db/records.ts';
import { describeError } from '../i18n/describe-error.ts';
import { proposeClosing, proposeSynapses, rejectProposal } from '../lib/proposals-api.ts';
import { addProposal, linkKey, partition } from './proposal-actions.ts';
import type { ProposalsCore } from './proposals-core.ts';

/** A finished answer: its closing (for /cerrar) or its `[[links]]` become proposals. */
export async function afterAnswer(core: ProposalsCore, turn: TurnRecord) {
  try {
    if (turn.mode === 'closing') await closingFor(core, turn);
    else await synapsesFor(core, turn);
  } catch (error) {
    core.chat.commandFailed(describeError(error, core.i18n.t));
  }
}

async function synapsesFor(core: ProposalsCore, turn: TurnRecord) {
  const proposals = await proposeSynapses(turn.content);
  // The user said no to these links in this conversation: not asked again, even after a restart.
  const refused = new Set(
    core.state.records
      .filter((r) => r.state === 'rejected' && r.proposal.kind === 'synapse')
      .map((r) => linkKey(r.proposal)),
  );
  const [skipped, asked] = partition(proposals, (p) => refused.has(linkKey(p)));
  for (const p of skipped) void rejectProposal(p.id).catch(() => {});
  for (const p of asked)
    await addProposal(core, turn.id, p, { route: 'synapses', answer: turn.content });
}

async function closingFor(core: ProposalsCore, turn: TurnRecord) {
  const body = {
    content: turn.content,
    meta: {
      profile: core.chat.state.conversation?.profile ?? '',
      provider: turn.meta?.provider ?? '',
      model: turn.meta?.model ?? '',
    },
  };
  const proposal = await proposeClosing(body);
  await addProposal(core, turn.id, proposal, { route: 'closing', body });
}
