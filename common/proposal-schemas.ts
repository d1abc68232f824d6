// zod/mini, like the other shared schemas, to keep the PWA's chunks small.
import * as z from 'zod/mini';
import { MAX_ATTACHMENT_TEXT } from './chat-schemas.ts';

/**
 * The Supervised Synapse API (/api/proposals): the server proposes, the person
 * approves in the UI, and only `POST /api/proposals/:id/confirm` writes to the vault.
 * Shared by the server and the PWA.
 */

/** Where synapses are logged, one line each (docs/PRODUCT.md, "Supervised Synapse"). */
export const SYNAPSE_LOG_PATH = '02_Conciencia/sesiones/sinapsis_log.txt';
/** The append-only record of every write SOMA made, one JSON object a line. */
export const AUDIT_LOG_PATH = '02_Conciencia/sesiones/soma_auditoria.jsonl';

export const ProposalKindSchema = z.enum([
  'synapse',
  'save',
  'write',
  'closing',
  /** A `- [[link]]` under a note's «Conexiones» heading. */
  'connection',
  /** A sentence appended to the user-context note («Recuerda que…»). */
  'remember',
  /** The last answer appended to a note under a dated heading (/anexar). */
  'append',
  /** A version from the write history put back. */
  'restore',
  /** A file SOMA created, removed again (its bytes stay in the history). */
  'remove',
]);
export type ProposalKind = z.infer<typeof ProposalKindSchema>;

/**
 * `append` adds one line (synapse log); `overwrite` replaces a file that exists;
 * `remove` deletes one (bound to its hash like an overwrite).
 */
export const ProposalModeSchema = z.enum(['create', 'overwrite', 'append', 'remove']);
export type ProposalMode = z.infer<typeof ProposalModeSchema>;

export const ProposalPreviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('full'), text: z.string() }),
  /** A unified diff from the file on disk to the proposed content. */
  z.object({ type: z.literal('diff'), unified: z.string() }),
]);
export type ProposalPreview = z.infer<typeof ProposalPreviewSchema>;

export const ProposalLinkSchema = z.object({
  /** The link as written in the answer, brackets included. */
  raw: z.string(),
  target: z.string(),
  /** The note it resolves to; null marks a link to a note that does not exist. */
  resolved: z.nullable(z.string()),
});
export type ProposalLink = z.infer<typeof ProposalLinkSchema>;

export const ProposalSchema = z.object({
  id: z.string(),
  kind: ProposalKindSchema,
  /** Canonical vault path (NFC, `/`-separated) that confirm would write. */
  path: z.string(),
  mode: ProposalModeSchema,
  /** Exactly what confirm writes (for `append`, the line; confirm adds its newline). */
  content: z.string(),
  preview: ProposalPreviewSchema,
  link: z.optional(ProposalLinkSchema),
  /** Lower-case hex SHA-256 of the file when proposed; null when it did not exist (or append). */
  baseHash: z.nullable(z.string()),
  /** Milliseconds since the epoch after which confirm answers 410 proposal_expired. */
  expiresAt: z.number(),
  /** Present it back to confirm; it binds this proposal to this session. */
  signature: z.string(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

export const ProposalAnswerSchema = z.object({ proposal: ProposalSchema });
export const ProposalsAnswerSchema = z.object({ proposals: z.array(ProposalSchema) });

const ShortText = z.string().check(z.maxLength(200));

/** POST /api/proposals/synapses: the answer whose `[[links]]` become proposals. */
export const SynapsesBodySchema = z.object({
  answer: z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)),
});

/** POST /api/proposals/save: the last answer, as a new note in `05_Salida/`. */
export const SaveBodySchema = z.object({
  /** `/guardar TÍTULO`: names the file and heads the note; without it, the question names it. */
  title: z.optional(ShortText),
  question: z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)),
  answer: z.string().check(z.minLength(1), z.maxLength(MAX_ATTACHMENT_TEXT)),
  meta: z.object({
    profile: ShortText,
    provider: ShortText,
    model: ShortText,
    /** What was sent with the question (note paths, queries, URLs). */
    sources: z.array(z.string().check(z.maxLength(1024))).check(z.maxLength(200)),
  }),
});
export type SaveBody = z.infer<typeof SaveBodySchema>;

/** POST /api/proposals/write: content to a path the user gave. */
export const WriteBodySchema = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(1024)),
  content: z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)),
});

/** POST /api/proposals/append: `content` appended to a note under a dated heading. */
export const AppendBodySchema = WriteBodySchema;

/** A note name or path as written inside `[[…]]`: no brackets, no alias bar, one line. */
const LinkTargetSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(200),
    z.regex(/^[^[\]|\r\n]+$/, 'un nombre de nota sin «[», «]», «|» ni saltos de línea'),
  );

/** POST /api/proposals/connection: add `[[link]]` under the note's «Conexiones» heading. */
export const ConnectionBodySchema = z.object({
  note: z.string().check(z.minLength(1), z.maxLength(1024)),
  link: LinkTargetSchema,
});

/** POST /api/proposals/remember: one sentence for the user-context note. */
export const RememberBodySchema = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
});

/** POST /api/proposals/closing: a closing the model wrote (or the user edited). */
export const ClosingBodySchema = z.object({
  content: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ATTACHMENT_TEXT)),
  meta: z.object({ profile: ShortText, provider: ShortText, model: ShortText }),
});
export type ClosingBody = z.infer<typeof ClosingBodySchema>;

/** POST /api/proposals/:id/confirm. `overwrite` must be true to replace an existing file. */
export const ConfirmBodySchema = z.object({
  signature: z.string().check(z.minLength(1), z.maxLength(200)),
  overwrite: z._default(z.boolean(), false),
  /** The conversation the proposal came from, kept in the write history. */
  conversation: z.optional(z.string().check(z.maxLength(200))),
});

export const WrittenSchema = z.object({
  path: z.string(),
  /** SHA-256 of the bytes written (for `append`, of the line and its newline). */
  hash: z.string(),
  bytes: z.int().check(z.nonnegative()),
});
export const ConfirmAnswerSchema = z.object({
  written: WrittenSchema,
  /** The whole file before the write (null: it did not exist) and after (null: removed). */
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
});
export type ConfirmAnswer = z.infer<typeof ConfirmAnswerSchema>;

/** One line of the audit log. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  kind: ProposalKindSchema,
  path: z.string(),
  mode: ProposalModeSchema,
  hash: z.string(),
  bytes: z.int().check(z.nonnegative()),
  /** The whole file before and after (SHA-256; null: missing); absent in lines older than the history. */
  before: z.optional(z.nullable(z.string())),
  after: z.optional(z.nullable(z.string())),
  /** ISO 8601. */
  time: z.string(),
  session: z.object({ id: z.string(), label: z.string() }),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/proposals/audit: newest first; `broken` counts lines that could not be read. */
export const AuditAnswerSchema = z.object({
  entries: z.array(AuditEntrySchema),
  broken: z.int().check(z.nonnegative()),
});
export type AuditAnswer = z.infer<typeof AuditAnswerSchema>;
