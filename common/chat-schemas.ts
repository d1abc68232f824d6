import { z } from 'zod';

/**
 * The chat API's shapes (POST /api/chat and its event stream), shared by the
 * server and the PWA. The server assembles the prompt; the client only says
 * what the user chose.
 */

/** Largest single piece of text a client may attach (pasted text, a device file). */
export const MAX_ATTACHMENT_TEXT = 200_000;

export const AttachmentSchema = z.discriminatedUnion('kind', [
  /** A note of the vault; the server reads it. */
  z.object({ kind: z.literal('note'), path: z.string().min(1).max(1024) }),
  /** Text pasted by the user (the seed's stdin pipe, /conectar). */
  z.object({
    kind: z.literal('paste'),
    text: z.string().min(1).max(MAX_ATTACHMENT_TEXT),
  }),
  /** A text or Markdown file picked from the device; never saved to the vault. */
  z.object({
    kind: z.literal('file'),
    name: z.string().min(1).max(255),
    text: z.string().max(MAX_ATTACHMENT_TEXT),
  }),
  /** A web page extracted by POST /api/extract and kept (maybe trimmed) by the user. External. */
  z.object({
    kind: z.literal('url'),
    url: z.string().min(1).max(4096),
    title: z.string().max(1000),
    text: z.string().max(MAX_ATTACHMENT_TEXT),
  }),
  /** A web search answer from POST /api/web, with its sources. External. */
  z.object({
    kind: z.literal('web'),
    question: z.string().min(1).max(2000),
    text: z.string().max(MAX_ATTACHMENT_TEXT),
    sources: z.array(z.object({ title: z.string().max(1000), url: z.string().max(4096) })).max(50),
  }),
  /** Vault search hits the user kept; the server reads each note. */
  z.object({
    kind: z.literal('search'),
    query: z.string().min(1).max(500),
    paths: z.array(z.string().min(1).max(1024)).min(1).max(50),
  }),
]);
export type Attachment = z.infer<typeof AttachmentSchema>;

export const ChatTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(MAX_ATTACHMENT_TEXT),
});
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

export const ChatRequestSchema = z.object({
  /**
   * `chat` answers the message; `summary` summarises the history (/resumir) and `closing`
   * writes the session closing (/cerrar), both without a message.
   */
  mode: z.enum(['chat', 'summary', 'closing']).default('chat'),
  message: z.string().max(MAX_ATTACHMENT_TEXT).default(''),
  /** Profile id from the harness; unknown → 400 unknown_profile. */
  profile: z.string().min(1).max(64).optional(),
  /** Earlier turns, oldest first; the server keeps the last N (harness `history.turns`). */
  history: z.array(ChatTurnSchema).max(200).default([]),
  attachments: z.array(AttachmentSchema).max(50).default([]),
  /** Project name in `03_Proyectos/` (a folder or one note). */
  project: z.string().min(1).max(255).nullable().default(null),
  /** Inject the latest closing from `02_Conciencia/sesiones/` (/recordar). */
  recall: z.boolean().default(false),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;
export type ChatRequestInput = z.input<typeof ChatRequestSchema>;

/** One piece of what a turn sent, shown to the user beside the answer. */
export const SentItemSchema = z.object({
  kind: z.enum(['note', 'paste', 'file', 'url', 'web', 'search', 'project', 'recall', 'history']),
  /** Note path, file name, query, project name, closing path, or "N turnos". */
  label: z.string(),
  chars: z.number().int().nonnegative(),
  /** Characters dropped to fit the budget (0 when whole). */
  cutChars: z.number().int().nonnegative(),
});
export type SentItem = z.infer<typeof SentItemSchema>;

export const ProviderRefSchema = z.object({ provider: z.string(), model: z.string() });
export type ProviderRef = z.infer<typeof ProviderRefSchema>;

/** The events of one answer's stream (`event:` is the type, `data:` the JSON). */
export const ChatEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('meta'),
    sent: z.array(SentItemSchema),
    /** Older turns left out to fit the budget. */
    droppedTurns: z.number().int().nonnegative(),
    promptChars: z.number().int().nonnegative(),
    /** Readable notes about anything cut, in Spanish. */
    notices: z.array(z.string()),
    /** The first link of the chain that will be tried; a `fallback` event names the next. */
    provider: z.string(),
    model: z.string(),
  }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('fallback'),
    from: ProviderRefSchema,
    to: ProviderRefSchema,
    /** rate_limited | upstream_error | auth | timeout | connection | bad_response (docs/API.md) */
    reason: z.string(),
    message: z.string(),
  }),
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    /** True when text had already streamed: the answer is kept, marked as cut. */
    partial: z.boolean(),
  }),
  z.object({
    type: z.literal('done'),
    provider: z.string(),
    model: z.string(),
    ttftMs: z.number().nonnegative(),
    totalMs: z.number().nonnegative(),
    usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }).nullable(),
    finishReason: z.string().nullable(),
  }),
]);
export type ChatEvent = z.infer<typeof ChatEventSchema>;

/** POST /api/vault/batch: the contents of many notes at once (search, sync). */
export const NotesBatchRequestSchema = z.object({
  paths: z.array(z.string().min(1).max(1024)).min(1).max(500),
});
export const NotesBatchSchema = z.object({
  notes: z.array(
    z.object({
      path: z.string(),
      content: z.string(),
      hash: z.string(),
      mtime: z.number(),
      size: z.number(),
    }),
  ),
  /** Paths that are not (or no longer) readable notes. */
  missing: z.array(z.string()),
});
export type NotesBatch = z.infer<typeof NotesBatchSchema>;

/** GET /api/chat/context: what the composer needs to offer and check commands. */
export const ChatContextSchema = z.object({
  profiles: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })),
  defaultProfile: z.string(),
  historyTurns: z.number().int(),
  /** Projects in 03_Proyectos/ (folder names and single-note names). */
  projects: z.array(z.string()),
  /** The chain, with whether each link can be used (its key is set, or it needs none). */
  providers: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      models: z.array(z.string()),
      configured: z.boolean(),
      /** The environment variable that holds its key, or null for a local server. */
      apiKeyEnv: z.string().nullable(),
    }),
  ),
  /** The latest closing in 02_Conciencia/sesiones/, or null when there is none. */
  latestClosing: z.object({ path: z.string(), mtime: z.number() }).nullable(),
});
export type ChatContext = z.infer<typeof ChatContextSchema>;
