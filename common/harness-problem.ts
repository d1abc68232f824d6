// zod/mini and `z.lazy`, like the other shared schemas (see api-schemas.ts).
import * as z from 'zod/mini';

/**
 * Why an edit of the harness file was refused, as codes and parameters: the server says
 * what is wrong and where, and the UI words it in the user's language. Shared by both.
 */

/** What one schema problem is; each has a wording in the UI (`harness.issue.<code>`). */
export const harnessIssueCodes = [
  'required',
  'type',
  'empty',
  'empty_list',
  'too_small',
  'too_big',
  'unknown_key',
  'unknown_keys',
  'secret_key',
  'invalid_value',
  'invalid_url',
  'invalid_format',
  'invalid_key',
  'id_chars',
  'env_name',
  'one_word',
  'md_note',
  'file_name',
  'no_profiles',
  'unknown_profile',
  'duplicate_id',
  'unknown_provider',
  'over_context',
  'looks_like_key',
  'other',
] as const;
export type HarnessIssueCode = (typeof harnessIssueCodes)[number];

/** The JSON value kinds a field may expect or get (`harness.type.<kind>`). */
export const harnessValueKinds = [
  'string',
  'number',
  'int',
  'boolean',
  'object',
  'array',
  'null',
  'other',
] as const;

/** Where a JSON text first goes wrong (`harness.json.<code>`). */
export const jsonReasonCodes = [
  'expected',
  'trailing_comma',
  'bad_escape',
  'control_char',
  'unclosed_string',
  'other',
] as const;

/** What the scanner expected where the text went wrong (`harness.json.expect.<what>`). */
export const jsonExpectations = ['value', 'name', 'colon', 'comma_or_close', 'end'] as const;

const Params = z.record(z.string(), z.union([z.string(), z.number()]));

export const HarnessIssueSchema = z.lazy(() =>
  z.object({
    /** `$.providers[0].models`, as editors and jq show paths. */
    path: z.string(),
    code: z.enum(harnessIssueCodes),
    params: Params,
  }),
);
export type HarnessIssue = z.infer<typeof HarnessIssueSchema>;

export const JsonReasonSchema = z.lazy(() =>
  z.object({
    code: z.enum(jsonReasonCodes),
    /** `expected` (one of jsonExpectations), `close` («]» or «}»), `found` ('' at the end), `message`. */
    params: Params,
  }),
);
export type JsonReason = z.infer<typeof JsonReasonSchema>;

export const HarnessProblemSchema = z.lazy(() =>
  z.object({
    kind: z.enum(['missing', 'unreadable', 'json', 'schema']),
    /** The file as the user knows it (relative to where SOMA was started when inside it). */
    file: z.string(),
    /** `unreadable`: the system's error code (EACCES…). */
    errno: z.optional(z.string()),
    /** `json`: where (1-based; absent when no position is known) and why. */
    json: z.optional(
      z.object({
        line: z.optional(z.int()),
        column: z.optional(z.int()),
        reason: JsonReasonSchema,
      }),
    ),
    /** `schema`: the first few problems, and how many more there are. */
    issues: z.array(HarnessIssueSchema),
    more: z.int().check(z.nonnegative()),
  }),
);
export type HarnessProblem = z.infer<typeof HarnessProblemSchema>;
