// zod/mini: the PWA's first page parses with these schemas; see chat-schemas.ts. Each exported
// object is `z.lazy`: built the first time it parses, not while the first page's script is
// evaluated (building them all was a noticeable part of the boot task: docs/FACTS.md).

import * as z from 'zod/mini';
import { HarnessProblemSchema } from './harness-problem.ts';
import { HistoryUsageSchema } from './history-schemas.ts';
import { NoticeParamsSchema } from './notice-schemas.ts';

/**
 * The HTTP API's shapes, shared by the server (which answers them) and the PWA
 * (which parses them at its boundary). docs/API.md documents the same routes.
 * Paths are always vault-relative, `/`-separated and NFC.
 */

export const errorCodes = [
  'bad_request',
  'invalid_path',
  'not_found',
  'not_a_note',
  'forbidden_host',
  'forbidden_origin',
  'no_session',
  'invalid_token',
  'rate_limited',
  'unknown_profile',
  'unknown_project',
  'no_closing',
  'proposal_expired',
  'proposal_used',
  'bad_signature',
  'wrong_session',
  'file_changed',
  'overwrite_required',
  'already_linked',
  'already_remembered',
  'url_refused',
  'fetch_failed',
  'unsupported_type',
  'too_large',
  'timeout',
  'no_search_provider',
  'search_failed',
  'search_help_off',
  'search_help_failed',
  'search_help_unreadable',
  'no_provider',
  'loopback_only',
  'lan_off',
  'invalid_code',
  'not_pending',
  'unsupported_media_type',
  'audit_unavailable',
  'history_unavailable',
  'not_removable',
  'embeddings_off',
  'consent_required',
  'consent_mismatch',
  'embeddings_paused',
  'embed_failed',
  'busy',
  'no_model',
  'conversation_busy',
  'conversation_deleted',
  'internal',
] as const;
export const ErrorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.lazy(() =>
  z.object({
    error: z.object({
      code: z.string(),
      /** Spanish, for API users and the CLI; the PWA words the code (+ params) itself. */
      message: z.string(),
      /** Values that fill the code's words, when it has any (docs/API.md lists them). */
      params: z.optional(NoticeParamsSchema),
    }),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Why a file in the vault is listed but not served as a note. */
export const SkipReasonSchema = z.enum(['binary', 'not_utf8', 'too_large', 'not_markdown']);
export type SkipReason = z.infer<typeof SkipReasonSchema>;

export const ManifestEntrySchema = z.lazy(() =>
  z.object({
    path: z.string(),
    size: z.int().check(z.nonnegative()),
    /** Modification time, milliseconds since the epoch. */
    mtime: z.number(),
    /** Lower-case hex SHA-256 of the file's bytes. */
    hash: z.string(),
  }),
);
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

export const SkippedEntrySchema = z.lazy(() =>
  z.object({
    path: z.string(),
    size: z.int().check(z.nonnegative()),
    mtime: z.number(),
    reason: SkipReasonSchema,
  }),
);
export type SkippedEntry = z.infer<typeof SkippedEntrySchema>;

export const ManifestSchema = z.lazy(() =>
  z.object({
    notes: z.array(ManifestEntrySchema),
    skipped: z.array(SkippedEntrySchema),
  }),
);
export type Manifest = z.infer<typeof ManifestSchema>;

/** A note in the tree or in a folder's rows. */
const NoteRowSchema = z.object({
  type: z.literal('note'),
  name: z.string(),
  path: z.string(),
  size: z.number(),
  mtime: z.number(),
});
/** A file SOMA lists but does not open, with the reason. */
const FileRowSchema = z.object({
  type: z.literal('file'),
  name: z.string(),
  path: z.string(),
  size: z.number(),
  mtime: z.number(),
  reason: SkipReasonSchema,
});

/** A row of one folder's listing: a note, a file SOMA does not open, or a folder without its children. */
export const TreeRowSchema = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('folder'), name: z.string(), path: z.string() }),
    NoteRowSchema,
    FileRowSchema,
  ]),
);
export type TreeRow = z.infer<typeof TreeRowSchema>;

/** The answer of GET /api/vault/folder: one folder's rows, folders first, then by name. */
export const FolderRowsSchema = z.lazy(() =>
  z.object({ path: z.string(), rows: z.array(TreeRowSchema) }),
);
export type FolderRows = z.infer<typeof FolderRowsSchema>;

export const NoteLinkSchema = z.lazy(() =>
  z.object({
    /** The link as written, brackets included: `[[nota#sección|alias]]`. */
    raw: z.string(),
    target: z.string(),
    section: z.nullable(z.string()),
    alias: z.nullable(z.string()),
    embed: z.boolean(),
    /** The vault path the link resolves to, or null when no such note exists. */
    resolved: z.nullable(z.string()),
  }),
);
export type NoteLink = z.infer<typeof NoteLinkSchema>;

export const NoteSchema = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    /** The whole file, front matter included. */
    content: z.string(),
    /** The Markdown after the front matter. */
    body: z.string(),
    frontMatter: z.nullable(z.record(z.string(), z.unknown())),
    /** Set when the front matter exists but is not valid YAML (the note is still served). */
    frontMatterError: z.nullable(z.string()),
    links: z.array(NoteLinkSchema),
    size: z.number(),
    mtime: z.number(),
    hash: z.string(),
  }),
);
export type Note = z.infer<typeof NoteSchema>;

/**
 * A device name SOMA gave on its own (from the browser's User-Agent, a phone paired without
 * a name, the `soma` command), as a code the UI words in the reader's language.
 */
export const DeviceNameSchema = z.lazy(() =>
  z.object({
    code: z.enum(['browser_on_system', 'browser', 'unknown', 'phone', 'terminal']),
    params: z.record(z.string(), z.string()),
  }),
);
export type DeviceName = z.infer<typeof DeviceNameSchema>;

export const SessionInfoSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    /** The name as stored (Spanish when SOMA chose it); a renamed session has no `device`. */
    label: z.string(),
    device: z.optional(DeviceNameSchema),
    createdAt: z.number(),
    lastUsedAt: z.number(),
    current: z.boolean(),
  }),
);
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionAnswerSchema = z.lazy(() => z.object({ session: SessionInfoSchema }));
export const SessionsAnswerSchema = z.lazy(() =>
  z.object({
    sessions: z.array(SessionInfoSchema),
    /** Whether the caller may revoke sessions other than its own (only the laptop may). */
    canRevokeOthers: z.boolean(),
  }),
);
/** A device's name as the person gives it: no control or invisible formatting characters. */
export const SessionRenameBodySchema = z.lazy(() =>
  z.object({
    label: z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(60), z.regex(/^[^\p{Cc}\p{Cf}]*$/u)),
  }),
);
export const LoginBodySchema = z.lazy(() =>
  z.object({
    token: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
);

export const HarnessStatusSchema = z.lazy(() =>
  z.object({
    ok: z.boolean(),
    /** Why the last edit was refused, in codes (the previous good harness stays active). */
    problem: z.nullable(HarnessProblemSchema),
    file: z.string(),
    defaultProfile: z.string(),
    profiles: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })),
    /** The harness's `search.synonyms`, for the search worker's query expansion. */
    searchSynonyms: z.array(z.array(z.string())),
  }),
);
export type HarnessStatus = z.infer<typeof HarnessStatusSchema>;

/** Whether approved writes can be audited; the UI keeps a banner up while they cannot. */
export const AuditStatusSchema = z.lazy(() =>
  z.object({
    /** False while the audit log cannot be written: confirm then refuses (503 audit_unavailable). */
    writable: z.boolean(),
  }),
);
export type AuditStatus = z.infer<typeof AuditStatusSchema>;

export const StatusSchema = z.lazy(() =>
  z.object({
    app: z.literal('soma'),
    version: z.string(),
    vaultName: z.string(),
    harness: HarnessStatusSchema,
    audit: AuditStatusSchema,
    /** What the write history takes on disk (outside the vault). */
    history: HistoryUsageSchema,
  }),
);
export type Status = z.infer<typeof StatusSchema>;

/** Events pushed on GET /api/events (server-sent events, `event:` is the type). */
export const VaultEventSchema = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('upsert'), entry: ManifestEntrySchema }),
    z.object({ type: z.literal('skipped'), entry: SkippedEntrySchema }),
    z.object({ type: z.literal('remove'), path: z.string() }),
  ]),
);
export type VaultEvent = z.infer<typeof VaultEventSchema>;
