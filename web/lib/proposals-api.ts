import * as z from 'zod/mini';
import {
  type AuditAnswer,
  AuditAnswerSchema,
  type ClosingBody,
  type ConfirmAnswer,
  ConfirmAnswerSchema,
  type Proposal,
  ProposalAnswerSchema,
  ProposalsAnswerSchema,
  type SaveBody,
} from '../../common/proposal-schemas.ts';
import { postJson, request } from './api.ts';
import { ApiError } from './api-error.ts';
import { AUDIT_TROUBLE_EVENT } from './audit-trouble.ts';

/**
 * The Supervised Synapse calls (/api/proposals). Beside `api.ts` rather than in it so
 * they, and their schemas, load with the proposals UI instead of on the first page.
 */

/** One synapse proposal per `[[link]]` of a finished answer (none when it has no links). */
export async function proposeSynapses(answer: string): Promise<Proposal[]> {
  return (await request(ProposalsAnswerSchema, '/api/proposals/synapses', postJson({ answer })))
    .proposals;
}

/** The last answer as a new note in `05_Salida/`, with front matter. */
export async function proposeSave(body: SaveBody): Promise<Proposal> {
  return (await request(ProposalAnswerSchema, '/api/proposals/save', postJson(body))).proposal;
}

/** `content` to a path the user gave: full text when new, a diff when it exists. */
export async function proposeWrite(path: string, content: string): Promise<Proposal> {
  return (await request(ProposalAnswerSchema, '/api/proposals/write', postJson({ path, content })))
    .proposal;
}

/** /anexar: `content` after the note's text under a dated heading (a diff when it exists). */
export async function proposeAppend(path: string, content: string): Promise<Proposal> {
  return (await request(ProposalAnswerSchema, '/api/proposals/append', postJson({ path, content })))
    .proposal;
}

/** «Recuerda que…»: one sentence for the user-context note. */
export async function proposeRemember(text: string): Promise<Proposal> {
  return (await request(ProposalAnswerSchema, '/api/proposals/remember', postJson({ text })))
    .proposal;
}

/** `- [[link]]` under the note's «Conexiones» heading, as a diff. */
export async function proposeConnection(note: string, link: string): Promise<Proposal> {
  return (
    await request(ProposalAnswerSchema, '/api/proposals/connection', postJson({ note, link }))
  ).proposal;
}

/** A session closing (as the model wrote it or as the user edited it). */
export async function proposeClosing(body: ClosingBody): Promise<Proposal> {
  return (await request(ProposalAnswerSchema, '/api/proposals/closing', postJson(body))).proposal;
}

/** The one call that writes: the user approved `proposal` in the UI. */
export async function confirmProposal(
  proposal: Proposal,
  overwrite = false,
  /** The conversation it came from, kept with the write in its history. */
  conversation?: string,
): Promise<ConfirmAnswer> {
  const url = `/api/proposals/${encodeURIComponent(proposal.id)}/confirm`;
  try {
    return await request(
      ConfirmAnswerSchema,
      url,
      postJson({
        signature: proposal.signature,
        overwrite,
        ...(conversation ? { conversation } : {}),
      }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === 'audit_unavailable') {
      window.dispatchEvent(new Event(AUDIT_TROUBLE_EVENT));
    }
    throw error;
  }
}

/** Tells the server the user said no, so it is spent and (for synapses) not asked again. */
export async function rejectProposal(id: string): Promise<void> {
  await request(z.unknown(), `/api/proposals/${encodeURIComponent(id)}/reject`, postJson({}));
}

/** Every write SOMA made, newest first. */
export function getAudit(): Promise<AuditAnswer> {
  return request(AuditAnswerSchema, '/api/proposals/audit');
}

const FileChangedSchema = z.object({ diff: z.string() });

/** The fresh diff a 409 `file_changed` carries, or null for any other error. */
export function changedDiff(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'file_changed') return null;
  const parsed = FileChangedSchema.safeParse(error.details);
  return parsed.success ? parsed.data.diff : '';
}
