import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Proposal } from '../../common/proposal-schemas.ts';
import { deleteDatabase } from './database.ts';
import { clearProposals, listProposals, putProposal } from './proposals-repo.ts';
import type { ProposalRecord } from './records.ts';

afterEach(() => deleteDatabase());

const proposal = (id: string): Proposal => ({
  id,
  kind: 'synapse',
  path: '02_Conciencia/sesiones/sinapsis_log.txt',
  mode: 'append',
  content: `línea ${id}`,
  preview: { type: 'full', text: `línea ${id}` },
  link: { raw: '[[Tesis]]', target: 'Tesis', resolved: '03_Proyectos/Tesis.md' },
  baseHash: null,
  expiresAt: 100,
  signature: 's',
});
const record = (id: string, conversationId: string, createdAt: number): ProposalRecord => ({
  id,
  conversationId,
  turnId: 't',
  proposal: proposal(id),
  origin: { route: 'synapses', answer: 'Mira [[Tesis]]' },
  state: 'pending',
  createdAt,
  updatedAt: createdAt,
});

describe('web/db/proposals-repo', () => {
  it('lists one conversation’s proposals oldest first', async () => {
    await putProposal(record('b', 'c1', 20));
    await putProposal(record('a', 'c1', 10));
    await putProposal(record('x', 'c2', 5));
    expect((await listProposals('c1')).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('keeps the latest state of a proposal (a reload shows it as it was left)', async () => {
    await putProposal(record('a', 'c1', 10));
    await putProposal({ ...record('a', 'c1', 10), state: 'rejected', updatedAt: 11 });
    expect(await listProposals('c1')).toMatchObject([{ id: 'a', state: 'rejected' }]);
  });

  it('clears only the given conversation', async () => {
    await putProposal(record('a', 'c1', 10));
    await putProposal(record('x', 'c2', 5));
    await clearProposals('c1');
    expect(await listProposals('c1')).toEqual([]);
    expect(await listProposals('c2')).toHaveLength(1);
  });
});
