import type { ConfirmAnswer, Proposal } from '../common/proposal-schemas.ts';
import type { SomaClient } from './soma-client.ts';
import type { Ask } from './terminal.ts';

/** How this run decides: a terminal to ask, `--si` for this run's proposals, or neither. */
export interface Decider {
  ask: Ask | null;
  yes: boolean;
}

/** What happened to one proposal, for `--json` and the run's summary. */
export interface Decision {
  proposal: Proposal;
  approved: boolean;
  /** Why it was not asked: no terminal and no `--si`. */
  unasked: boolean;
  written: ConfirmAnswer['written'] | null;
}

/** The `[S/n]` question for a proposal, as the seed asked it for synapses. */
export function questionFor(p: Proposal): string {
  if (p.kind === 'synapse' && p.link) {
    const missing = p.link.resolved === null ? ' (la nota no existe)' : '';
    return `¿Aprobar sinapsis ${p.link.raw}${missing}?`;
  }
  if (p.kind === 'remove') return `¿Borrar ${p.path}, que creó SOMA?`;
  if (p.kind === 'restore') return `¿Restaurar la versión anterior de ${p.path}?`;
  if (p.kind === 'closing') return `¿Guardar el cierre en ${p.path}?`;
  // These add to a note (its whole new text is confirmed): asked as an addition, not an overwrite.
  if (p.kind === 'remember') return `¿Recordar en ${p.path}?`;
  if (p.kind === 'append' || p.kind === 'connection') return `¿Añadir a ${p.path}?`;
  if (p.mode === 'overwrite') return `¿Sobrescribir ${p.path}?`;
  if (p.mode === 'append') return `¿Añadir a ${p.path}?`;
  return `¿Guardar en ${p.path}?`;
}

const PREVIEW_MODE: Partial<Record<Proposal['mode'], string>> = {
  overwrite: 'sobrescribe',
  remove: 'borra',
};

/** What the person sees before deciding: the path and the full text or the diff. */
export function previewOf(p: Proposal): string {
  if (p.kind === 'synapse') return '';
  const body = p.preview.type === 'diff' ? p.preview.unified : p.preview.text;
  return `── ${p.path} (${PREVIEW_MODE[p.mode] ?? 'nuevo'}) ──\n${body.trimEnd()}\n──\n`;
}

/**
 * Asks about each proposal in turn and confirms the approved ones through the same
 * signed confirm endpoint as the PWA. Without a terminal nothing is approved unless
 * `--si` was given, and then only these proposals, which this run made.
 */
export async function decideProposals(
  client: SomaClient,
  proposals: readonly Proposal[],
  decider: Decider,
  show: (text: string) => void,
  /** Proposals an approval leads to (a synapse's «Conexiones» link), asked right after it. */
  followUp: (approved: Proposal) => Promise<Proposal[]> = async () => [],
): Promise<Decision[]> {
  const decisions: Decision[] = [];
  const queue = [...proposals];
  for (let proposal = queue.shift(); proposal; proposal = queue.shift()) {
    const preview = previewOf(proposal);
    if (preview) show(preview);
    const unasked = !decider.ask && !decider.yes;
    let approved = false;
    if (decider.yes) {
      approved = true;
      show(`${questionFor(proposal)} sí (--si)\n`);
    } else if (decider.ask) {
      approved = await decider.ask(questionFor(proposal));
    } else {
      show(`${questionFor(proposal)} no aprobada: no hay terminal para preguntar (usa --si).\n`);
    }
    let written: ConfirmAnswer['written'] | null = null;
    if (approved) {
      const answer = await client.json<ConfirmAnswer>(`/api/proposals/${proposal.id}/confirm`, {
        method: 'POST',
        body: {
          signature: proposal.signature,
          overwrite: proposal.mode === 'overwrite' || proposal.mode === 'remove',
        },
      });
      written = answer.written;
      show(`Escrito: ${written.path}\n`);
    } else if (!unasked) {
      await client.json(`/api/proposals/${proposal.id}/reject`, { method: 'POST', body: {} });
    }
    decisions.push({ proposal, approved, unasked, written });
    if (approved) queue.unshift(...(await followUp(proposal)));
  }
  return decisions;
}
