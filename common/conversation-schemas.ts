// zod/mini, and objects built on first parse (z.lazy), as in api-schemas.ts: the PWA parses
// these at its boundary.
import * as z from 'zod/mini';
import { ProviderRefSchema, SentItemSchema, SentPartSchema } from './chat-schemas.ts';
import { LinkFailedSchema, LinkFailureSchema, TurnNoticeSchema } from './notice-schemas.ts';

/**
 * The synchronised conversations (/api/conversations): what the laptop keeps for every
 * device, and what a browser or the `soma` command sends and reads. docs/API.md documents
 * the routes.
 */

/** Largest text of one turn (a long answer, a pasted question). */
export const MAX_TURN_TEXT = 400_000;
/** Conversations one upload request may carry; a browser sends its history in batches. */
export const MAX_UPLOAD_CONVERSATIONS = 50;
/** Turns one conversation may carry in an upload request. */
export const MAX_UPLOAD_TURNS = 2_000;

/** Ids are made by clients (a UUID in browsers); they name files, so only safe letters. */
export const ConversationIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(80), z.regex(/^[A-Za-z0-9_-]+$/));

/** A chip that goes with the conversation: pinned context or a memory (`recall`) chip. */
export const SyncChipSchema = z.lazy(() =>
  z.object({
    id: z.string().check(z.minLength(1), z.maxLength(80)),
    kind: z.enum(['note', 'paste', 'file', 'search', 'recall', 'url', 'web']),
    /** The chip as the browser keeps it; the server stores it and gives it back. */
    body: z.record(z.string(), z.unknown()),
  }),
);
export type SyncChip = z.infer<typeof SyncChipSchema>;

/** What travels with a conversation besides its turns; a patch names only what changed. */
export const ConversationMetaPatchSchema = z.lazy(() =>
  z.object({
    title: z.optional(z.string().check(z.maxLength(500))),
    profile: z.optional(z.string().check(z.maxLength(100))),
    project: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
    /** Chips pinned to every turn (context) and memory chips, in the order shown. */
    chips: z.optional(z.array(SyncChipSchema).check(z.maxLength(100))),
  }),
);
export type ConversationMetaPatch = z.infer<typeof ConversationMetaPatchSchema>;

/** What an answer was built from and who answered, as a browser keeps it under the answer. */
export const TurnMetaSchema = z.lazy(() =>
  z.object({
    sent: z.array(SentItemSchema),
    parts: z.optional(z.array(SentPartSchema)),
    promptChars: z.optional(z.number()),
    contextTokens: z.optional(z.number()),
    /** A plain string in answers saved before notices were codes. */
    notices: z.array(z.union([TurnNoticeSchema, z.string()])),
    droppedTurns: z.number(),
    provider: z.string(),
    model: z.string(),
    fallbacks: z.array(
      z.object({
        from: ProviderRefSchema,
        to: ProviderRefSchema,
        reason: z.string(),
        failure: z.optional(LinkFailureSchema),
        message: z.string(),
      }),
    ),
    ttftMs: z.nullable(z.number()),
    totalMs: z.nullable(z.number()),
    usage: z.nullable(z.object({ promptTokens: z.number(), completionTokens: z.number() })),
  }),
);

/** A turn's details: who answered and what was sent (`meta`), and how it failed (`error`). */
export const TurnDetailsSchema = z.lazy(() =>
  z.strictObject({
    meta: z.optional(TurnMetaSchema),
    error: z.optional(
      z.object({
        code: z.string().check(z.maxLength(100)),
        message: z.string().check(z.maxLength(4000)),
        failures: z.optional(z.array(LinkFailedSchema)),
      }),
    ),
  }),
);
export type TurnDetails = z.infer<typeof TurnDetailsSchema>;

/** The fields of a turn (a function: built on first parse, as the schemas are). */
function turnFields() {
  return {
    id: z.string().check(z.minLength(1), z.maxLength(80)),
    role: z.enum(['user', 'assistant']),
    content: z.string().check(z.maxLength(MAX_TURN_TEXT)),
    /** How the answer ended; a question is `complete`. A streaming answer is never sent. */
    status: z.enum(['complete', 'cut', 'error', 'stopped']),
    createdAt: z.number(),
    mode: z.optional(z.enum(['chat', 'summary', 'closing'])),
    attached: z.optional(z.array(z.string().check(z.maxLength(300))).check(z.maxLength(100))),
    /** The answer's details and error as the browser shows them. */
    details: z.optional(TurnDetailsSchema),
  };
}

/** One turn as every device keeps it. `id` is made by the device that wrote it. */
export const SyncTurnSchema = z.lazy(() => z.object(turnFields()));
export type SyncTurn = z.infer<typeof SyncTurnSchema>;

/** A turn as the server gives it back: with its place in the conversation (1, 2, …). */
export const StoredTurnSchema = z.lazy(() => z.object({ ...turnFields(), seq: z.int() }));
export type StoredTurn = z.infer<typeof StoredTurnSchema>;

/** A conversation's summary: what the list shows, and what the laptop's index records. */
export function conversationSummaryFields() {
  return {
    id: z.string(),
    title: z.string(),
    profile: z.string(),
    project: z.nullable(z.string()),
    createdAt: z.number(),
    updatedAt: z.number(),
    turns: z.int(),
    /** Set when it was deleted (only in a list asked `since` a time, so devices drop it too). */
    deletedAt: z.optional(z.number()),
  };
}

/** A conversation in the list (GET /api/conversations). */
export const ConversationSummarySchema = z.lazy(() => z.object(conversationSummaryFields()));
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.lazy(() =>
  z.object({
    conversations: z.array(ConversationSummarySchema),
    /** How many match in all: more pages follow while `offset + conversations.length` is less. */
    total: z.int(),
    /** The server's clock when listed: the next `since`. */
    now: z.number(),
  }),
);
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** GET /api/conversations/:id: the conversation and its turns after `after`. */
export const ConversationPageSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    profile: z.string(),
    project: z.nullable(z.string()),
    chips: z.array(SyncChipSchema),
    createdAt: z.number(),
    updatedAt: z.number(),
    turns: z.array(StoredTurnSchema),
    /** The last turn's `seq`: the next `after`. */
    cursor: z.int(),
    /** The question whose answer is being written now, if one is. */
    answering: z.nullable(z.string()),
    /** That answer's text written so far ('' when none is being written). */
    answerText: z.string(),
  }),
);
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

/** POST /api/conversations/:id/turns: one turn, and the conversation's details when new. */
export const TurnAppendBodySchema = z.lazy(() =>
  z.object({
    turn: SyncTurnSchema,
    meta: z.optional(ConversationMetaPatchSchema),
  }),
);
export type TurnAppendBody = z.infer<typeof TurnAppendBodySchema>;

export const TurnAppendResultSchema = z.lazy(() =>
  z.object({ seq: z.int(), duplicate: z.boolean() }),
);
export type TurnAppendResult = z.infer<typeof TurnAppendResultSchema>;

/** POST /api/conversations/upload: what a browser held before the server kept a copy. */
export const UploadBodySchema = z.lazy(() =>
  z.object({
    conversations: z
      .array(
        z.object({
          id: ConversationIdSchema,
          createdAt: z.number(),
          meta: ConversationMetaPatchSchema,
          turns: z.array(SyncTurnSchema).check(z.maxLength(MAX_UPLOAD_TURNS)),
        }),
      )
      .check(z.minLength(1), z.maxLength(MAX_UPLOAD_CONVERSATIONS)),
  }),
);
export type UploadBody = z.infer<typeof UploadBodySchema>;

export const UploadResultSchema = z.lazy(() =>
  z.object({
    results: z.array(
      z.object({
        id: z.string(),
        added: z.int(),
        skipped: z.int(),
        /** Deleted on another device: nothing was added, and the browser should drop it. */
        deleted: z.boolean(),
      }),
    ),
  }),
);
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** What the event stream says of a conversation (`conversation` events). */
export const ConversationEventSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    change: z.enum(['turn', 'meta', 'deleted', 'answering', 'delta']),
    /** `turn`: the new turn's seq. */
    seq: z.optional(z.int()),
    /** `answering`: the question being answered, or null once the answer is in. */
    answering: z.optional(z.nullable(z.string())),
    /** `delta`: text of the answer being written, as it arrives. */
    text: z.optional(z.string()),
  }),
);
export type ConversationEvent = z.infer<typeof ConversationEventSchema>;
