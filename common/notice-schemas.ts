// zod/mini, like chat-schemas.ts: the PWA's first page parses chat events with these
// (objects `z.lazy`, built on first parse, as there).
import * as z from 'zod/mini';

/**
 * What the server tells the UI as data, never as sentences: a stable `code` and the
 * `params` that fill its wording. The PWA words each code in web/i18n (Spanish and
 * English); the server keeps a Spanish `message` beside them for API users and the CLI.
 */

/** Values that fill a worded message's `{placeholders}`. */
export const NoticeParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type NoticeParams = z.infer<typeof NoticeParamsSchema>;

/** The kinds of context a turn can send (each shown with its size beside the answer). */
export const SentKindSchema = z.enum([
  'note',
  'paste',
  'file',
  'url',
  'web',
  'search',
  'project',
  'recall',
  'history',
]);
export type SentKind = z.infer<typeof SentKindSchema>;

/**
 * Notes about what a turn left out to fit the limits:
 * `turns_dropped` { count } older history messages; `attachment_cut` { kind, label, sent, total }
 * characters of one block (label '' for pasted text); `listing_cut` { omitted } note names.
 */
export const turnNoticeCodes = ['turns_dropped', 'attachment_cut', 'listing_cut'] as const;
export const TurnNoticeSchema = z.lazy(() =>
  z.object({
    code: z.enum(turnNoticeCodes),
    params: NoticeParamsSchema,
  }),
);
export type TurnNotice = z.infer<typeof TurnNoticeSchema>;

/**
 * Why one link of the provider chain failed (docs/API.md lists the params of each):
 * `missing_key` { env }, `rate_limited` { retryAfter? }, `auth` { status },
 * `upstream_error` { status, detail? }, `rejected` { status, detail? }, `timeout` { seconds },
 * `connection` { cause }, `stream_lost` { cause }, `ended_early`, `no_body`, `bad_chunk`,
 * `provider_error` { detail? }, `empty`. A `detail` is the provider's own words, shown as sent.
 */
export const linkFailureCodes = [
  'missing_key',
  'rate_limited',
  'auth',
  'upstream_error',
  'rejected',
  'timeout',
  'connection',
  'stream_lost',
  'ended_early',
  'no_body',
  'bad_chunk',
  'provider_error',
  'empty',
] as const;
export const LinkFailureSchema = z.lazy(() =>
  z.object({
    code: z.enum(linkFailureCodes),
    params: NoticeParamsSchema,
  }),
);
export type LinkFailure = z.infer<typeof LinkFailureSchema>;

/** A failed link of the chain, named as the user reads it: "Groq (llama-3.3-70b-versatile)". */
export const LinkFailedSchema = z.lazy(() =>
  z.object({ link: z.string(), failure: LinkFailureSchema }),
);
export type LinkFailed = z.infer<typeof LinkFailedSchema>;
