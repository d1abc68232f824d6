// zod/mini: the PWA's first page parses with these schemas, and classic zod would
// add ~20 KB gzip to it (the budget is 60 KB). The server uses them as they are. Objects are
// `z.lazy`, built on first parse rather than at the page's boot (see api-schemas.ts).
import * as z from 'zod/mini';
import {
  LinkFailedSchema,
  LinkFailureSchema,
  SentKindSchema,
  TurnNoticeSchema,
} from './notice-schemas.ts';

/**
 * The chat API's shapes (POST /api/chat and its event stream), shared by the
 * server and the PWA. The server assembles the prompt; the client only says
 * what the user chose.
 */

/** Largest single piece of text a client may attach (pasted text, a device file). */
export const MAX_ATTACHMENT_TEXT = 200_000;

export const AttachmentSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    /** A note of the vault; the server reads it. */
    z.object({
      kind: z.literal('note'),
      path: z.string().check(z.minLength(1), z.maxLength(1024)),
    }),
    /** Text pasted by the user (the seed's stdin pipe, /conectar). */
    z.object({
      kind: z.literal('paste'),
      text: z.string().check(z.minLength(1), z.maxLength(MAX_ATTACHMENT_TEXT)),
    }),
    /** A text or Markdown file picked from the device; never saved to the vault. */
    z.object({
      kind: z.literal('file'),
      name: z.string().check(z.minLength(1), z.maxLength(255)),
      text: z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)),
    }),
    /** A web page extracted by POST /api/extract and kept (maybe trimmed) by the user. External. */
    z.object({
      kind: z.literal('url'),
      url: z.string().check(z.minLength(1), z.maxLength(4096)),
      title: z.string().check(z.maxLength(1000)),
      text: z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)),
    }),
    /** A web search answer from POST /api/web, with its sources. External. */
    z.object({
      kind: z.literal('web'),
      question: z.string().check(z.minLength(1), z.maxLength(2000)),
      text: z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)),
      sources: z
        .array(
          z.object({
            title: z.string().check(z.maxLength(1000)),
            url: z.string().check(z.maxLength(4096)),
          }),
        )
        .check(z.maxLength(50)),
    }),
    /** Vault search hits the user kept; the server reads each note. */
    z.object({
      kind: z.literal('search'),
      query: z.string().check(z.minLength(1), z.maxLength(500)),
      paths: z
        .array(z.string().check(z.minLength(1), z.maxLength(1024)))
        .check(z.minLength(1), z.maxLength(50)),
    }),
  ]),
);
export type Attachment = z.infer<typeof AttachmentSchema>;

export const ChatTurnSchema = z.lazy(() =>
  z.object({
    role: z.enum(['user', 'assistant']),
    content: z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)),
  }),
);
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

/** Whether the names of the vault's notes go with every turn, and which folders stay out. */
export const NoteListSchema = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    /** Folders (e.g. `04_Sueños`) whose notes are left out of the list, matched NFC, any case. */
    excludeFolders: z
      .array(z.string().check(z.minLength(1), z.maxLength(255)))
      .check(z.maxLength(50)),
  }),
);
export type NoteList = z.infer<typeof NoteListSchema>;

export const ChatRequestSchema = z.lazy(() =>
  z.object({
    /**
     * `chat` answers the message; `summary` summarises the history (/resumir) and `closing`
     * writes the session closing (/cerrar), both without a message.
     */
    mode: z._default(z.enum(['chat', 'summary', 'closing']), 'chat'),
    message: z._default(z.string().check(z.maxLength(MAX_ATTACHMENT_TEXT)), ''),
    /** Profile id from the harness; unknown → 400 unknown_profile. */
    profile: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    /** Earlier turns, oldest first; the server keeps the last N (harness `history.turns`). */
    history: z._default(z.array(ChatTurnSchema).check(z.maxLength(200)), []),
    attachments: z._default(z.array(AttachmentSchema).check(z.maxLength(50)), []),
    /** Project name in `03_Proyectos/` (a folder or one note). */
    project: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(255))), null),
    /** Inject the latest closing from `02_Conciencia/sesiones/` (/recordar). */
    recall: z._default(z.boolean(), false),
    /** The user's choice about the list of note names; absent → the harness's `links`. */
    noteList: z.optional(NoteListSchema),
    /**
     * The synchronised conversation this answer belongs to: its text is passed to the other
     * devices as it arrives (the question was appended first, and holds the conversation).
     */
    conversationId: z.optional(
      z.string().check(z.minLength(1), z.maxLength(80), z.regex(/^[A-Za-z0-9_-]+$/)),
    ),
  }),
);
export type ChatRequest = z.infer<typeof ChatRequestSchema>;
export type ChatRequestInput = z.input<typeof ChatRequestSchema>;

/** One piece of what a turn sent, shown to the user beside the answer. */
export const SentItemSchema = z.lazy(() =>
  z.object({
    kind: SentKindSchema,
    /** Note path, file name, query, project name, closing path, "texto pegado" or "N turnos" (Spanish, for API users and the CLI). */
    label: z.string(),
    /** History: how many turns were sent (the UI words it; the label says it in Spanish). */
    count: z.optional(z.int().check(z.nonnegative())),
    chars: z.int().check(z.nonnegative()),
    /** Characters dropped to fit the budget (0 when whole). */
    cutChars: z.int().check(z.nonnegative()),
  }),
);
export type SentItem = z.infer<typeof SentItemSchema>;

/**
 * Each message of a request is its parts' texts joined by this, in order: a part's
 * `chars` plus the separators add up to exactly what the provider received.
 */
export const PART_SEPARATOR = '\n\n';

/** One part of the request as sent, in order (docs/PRODUCT.md: every part is shown). */
export const SentPartSchema = z.lazy(() =>
  z.object({
    part: z.enum([
      'system',
      'rules',
      'profile',
      'synapse',
      'noteList',
      'userContext',
      'project',
      'recall',
      'history',
      'message',
      /** The harness's instruction sent instead of a message (/resumir, /cerrar); label: the mode. */
      'instruction',
      'attachmentsIntro',
      'attachment',
    ]),
    /** Index of the message it belongs to: 0 is the system message, the last the user's. */
    message: z.int().check(z.nonnegative()),
    role: z.enum(['system', 'user', 'assistant']),
    /** Profile id, note path, project name, closing path, attachment label; '' when none. */
    label: z.string(),
    /** Exact characters (UTF-16 code units, as JavaScript counts them) this part sent. */
    chars: z.int().check(z.nonnegative()),
    /** noteList: names listed; project: notes; rules: rules. */
    count: z.optional(z.int().check(z.nonnegative())),
    /**
     * noteList: how the names sent were chosen — linked from the chosen notes, sharing words
     * with the message or their names, the rest newest first — and how many were left out.
     */
    listing: z.optional(
      z.object({
        linked: z.int().check(z.nonnegative()),
        matched: z.int().check(z.nonnegative()),
        recent: z.int().check(z.nonnegative()),
        omitted: z.int().check(z.nonnegative()),
      }),
    ),
    /** The exact text, for the parts the user cannot see elsewhere (not history or message). */
    text: z.optional(z.string()),
  }),
);
export type SentPart = z.infer<typeof SentPartSchema>;

export const ProviderRefSchema = z.lazy(() =>
  z.object({ provider: z.string(), model: z.string() }),
);
export type ProviderRef = z.infer<typeof ProviderRefSchema>;

/** The events of one answer's stream (`event:` is the type, `data:` the JSON). */
export const ChatEventSchema = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('meta'),
      sent: z.array(SentItemSchema),
      /** Older turns left out to fit the budget. */
      droppedTurns: z.int().check(z.nonnegative()),
      promptChars: z.int().check(z.nonnegative()),
      /** Every part of the request in order; absent in answers saved before it existed. */
      parts: z.optional(z.array(SentPartSchema)),
      /** The context window of the link tried first (harness `contextTokens`, else a default). */
      contextTokens: z.optional(z.int().check(z.positive())),
      /** What was cut to fit the limits, in Spanish, for API users and the CLI. */
      notices: z.array(z.string()),
      /** The same notices as codes with params, which the PWA words in its language. */
      noticeCodes: z.array(TurnNoticeSchema),
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
      /** Why the link failed, as data the UI words; `message` says it in Spanish for API users. */
      failure: LinkFailureSchema,
      message: z.string(),
    }),
    z.object({
      type: z.literal('error'),
      code: z.string(),
      message: z.string(),
      /** True when text had already streamed: the answer is kept, marked as cut. */
      partial: z.boolean(),
      /** The links that failed and why (all_failed: each in order; a cut answer: the one that cut it). */
      failures: z.optional(z.array(LinkFailedSchema)),
    }),
    z.object({
      type: z.literal('done'),
      provider: z.string(),
      model: z.string(),
      ttftMs: z.number().check(z.nonnegative()),
      totalMs: z.number().check(z.nonnegative()),
      usage: z.nullable(z.object({ promptTokens: z.number(), completionTokens: z.number() })),
      finishReason: z.nullable(z.string()),
    }),
  ]),
);
export type ChatEvent = z.infer<typeof ChatEventSchema>;

/** POST /api/vault/batch: the contents of many notes at once (search, sync). */
export const NotesBatchRequestSchema = z.lazy(() =>
  z.object({
    paths: z
      .array(z.string().check(z.minLength(1), z.maxLength(1024)))
      .check(z.minLength(1), z.maxLength(500)),
  }),
);
/** One note's text and identity, as the sync copies it (batch and export). */
export const NoteContentSchema = z.lazy(() =>
  z.object({
    path: z.string(),
    content: z.string(),
    hash: z.string(),
    mtime: z.number(),
    size: z.number(),
  }),
);
export type NoteContent = z.infer<typeof NoteContentSchema>;
export const NotesBatchSchema = z.lazy(() =>
  z.object({
    notes: z.array(NoteContentSchema),
    /** Paths that are not (or no longer) readable notes. */
    missing: z.array(z.string()),
  }),
);
export type NotesBatch = z.infer<typeof NotesBatchSchema>;

/**
 * GET /api/vault/export: one line of its NDJSON stream, a note or the last
 * line with how many notes came before it (a stream cut short has none).
 */
export const ExportLineSchema = z.lazy(() =>
  z.union([
    z.object({ note: NoteContentSchema }),
    z.object({ end: z.object({ count: z.number() }) }),
  ]),
);
export type ExportLine = z.infer<typeof ExportLineSchema>;

/** GET /api/chat/context: what the composer needs to offer and check commands. */
export const ChatContextSchema = z.lazy(() =>
  z.object({
    profiles: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })),
    defaultProfile: z.string(),
    historyTurns: z.int(),
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
        apiKeyEnv: z.nullable(z.string()),
      }),
    ),
    /** The harness's default for the list of note names (`links`). */
    noteList: NoteListSchema,
    /** Context window of the first configured link (harness `contextTokens`, else a default). */
    contextTokens: z.int().check(z.positive()),
    /** The latest closing in 02_Conciencia/sesiones/, or null when there is none. */
    latestClosing: z.nullable(z.object({ path: z.string(), mtime: z.number() })),
  }),
);
export type ChatContext = z.infer<typeof ChatContextSchema>;
