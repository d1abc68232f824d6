// zod/mini like the rest of the server: one zod flavour loaded keeps idle memory down.
import * as z from 'zod/mini';
import { EmbeddingsSchema, SemanticModelSchema } from './embeddings-schema.ts';

/**
 * The harness: everything that defines SOMA's behaviour in natural language
 * (identity, rules, prompts, profiles, model chain). The engine only executes
 * it, so every text the model receives is read from here, never from code.
 * Objects are strict so that a typo'd key is reported instead of ignored.
 */

/** Profile and provider ids: they appear in commands (`--modo tutor`) and URLs. */
const IdSchema = z.string().check(z.regex(/^[a-z0-9_-]+$/, 'id_chars'));

/** A text that must say something: whitespace alone is as bad as nothing. */
const TextSchema = z.string().check(z.trim(), z.minLength(1));

/** An environment variable's name; the key itself never lives in the harness. */
const EnvNameSchema = z.string().check(z.regex(/^[A-Z_][A-Z0-9_]*$/, 'env_name'));

/** Strings shaped like real API keys (Groq, OpenAI, OpenRouter, bearer tokens). */
const SECRET_PATTERN = /\b(gsk_[A-Za-z0-9]{16,}|sk-[A-Za-z0-9_-]{16,}|Bearer\s+\S{16,})/;

/** One word of a synonym group: letters and digits only (a phrase would need matching words in order). */
const SynonymWordSchema = z.string().check(z.regex(/^[\p{L}\p{N}]+$/u, 'one_word'));

export const ProfileSchema = z.strictObject({
  /** Shown in the UI's profile switch. */
  label: TextSchema,
  /** One sentence for the UI: what this profile is for. */
  description: TextSchema,
  /** Appended to the system prompt while the profile is active. */
  prompt: TextSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProviderSchema = z.strictObject({
  id: IdSchema,
  label: TextSchema,
  /** Base of an OpenAI-compatible API (`…/v1`); `/chat/completions` is appended. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** Name of the env var holding the key; null for local servers without one. */
  apiKeyEnv: z.nullable(EnvNameSchema),
  /** Tried in order before moving to the next provider. */
  models: z.array(TextSchema).check(z.minLength(1)),
  /** How long to wait for the first token before falling through to the next link. */
  timeoutMs: z.int().check(z.gte(1_000), z.lte(300_000)),
  /** Context window of the smallest model listed, in tokens. */
  contextTokens: z.optional(z.int().check(z.gte(1_024))),
});
export type Provider = z.infer<typeof ProviderSchema>;

/** Where a piece of chosen context came from; each kind has its own label. */
export const attachmentKinds = ['note', 'paste', 'file', 'url', 'web', 'search'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

export const PromptsSchema = z.strictObject({
  /** Asks for a session closing as Markdown sections (summary … next step). */
  closing: TextSchema,
  /** Asks for a summary of the history without closing the session. */
  summary: TextSchema,
  /** Introduces the latest closing when it is injected as memory. */
  recall: TextSchema,
  /** Introduces a project's notes from `03_Proyectos/`. */
  project: TextSchema,
  attachments: z.strictObject({
    /** Introduces the chosen context and says that external text is data. */
    prompt: TextSchema,
    /** Heading of each block; `{source}` becomes the note path, URL or query. */
    labels: z.strictObject({
      note: TextSchema,
      paste: TextSchema,
      /** A file picked from the device (never saved to the vault). */
      file: TextSchema,
      url: TextSchema,
      web: TextSchema,
      search: TextSchema,
    }),
  }),
  /** Introduces the list of existing note names, so proposed links are real. */
  vaultListing: TextSchema,
  /** Follows a listing cut to its budget; `{count}` becomes the number of names left out. */
  vaultListingMore: TextSchema,
  /** How to propose `[[links]]` (synapses) for the user to approve. */
  synapse: TextSchema,
});
export type Prompts = z.infer<typeof PromptsSchema>;

const HarnessObjectSchema = z.strictObject({
  version: z.literal(1),
  identity: z.strictObject({ name: TextSchema, description: TextSchema }),
  systemPrompt: TextSchema,
  /** The user's own description of themselves; may be empty. The fallback of userContextNote. */
  userContext: z.string(),
  /**
   * The vault note («Recuerda que…» appends to it, the user edits it in Obsidian) whose text
   * is the [user context] of every request; while it does not exist, userContext is sent.
   */
  userContextNote: z._default(
    z.string().check(z.regex(/\.md$/, 'md_note')),
    '01_Caracter/contexto.md',
  ),
  /** Natural-language rules sent with every turn (the Supervised Synapse rule among them). */
  rules: z.array(TextSchema).check(z.minLength(1)),
  profiles: z
    .record(IdSchema, ProfileSchema)
    .check(z.refine((p) => Object.keys(p).length > 0, { params: { code: 'no_profiles' } })),
  defaultProfile: IdSchema,
  history: z.strictObject({ turns: z.int().check(z.gte(1), z.lte(100)) }),
  /**
   * How long and how much of the write history (every approved version, outside the
   * vault) is kept; the version before each note's latest write is kept regardless.
   */
  writeHistory: z._default(
    z.strictObject({
      keepDays: z.int().check(z.gte(1), z.lte(36_500)),
      maxMegabytes: z.int().check(z.gte(1), z.lte(1_000_000)),
    }),
    { keepDays: 90, maxMegabytes: 200 },
  ),
  /** The fallback chain, tried in order. */
  providers: z.array(ProviderSchema).check(z.minLength(1)),
  webSearch: z.strictObject({ provider: IdSchema, model: TextSchema, prompt: TextSchema }),
  /**
   * «Buscar con el modelo»: on the user's demand, only the search's question goes to the
   * chat chain with `prompt`, which asks for other queries as JSON; absent or not
   * `enabled`, the feature is off (no button, the route answers 409).
   */
  searchHelp: z.optional(
    z.strictObject({
      enabled: z.boolean(),
      /** `{max}` in it is replaced by `maxQueries`. */
      prompt: TextSchema,
      /** At most this many queries are kept from the answer (each is one more local search). */
      maxQueries: z.int().check(z.gte(1), z.lte(10)),
    }),
  ),
  prompts: PromptsSchema,
  /** How the model is helped to propose `[[links]]` that exist. */
  links: z._default(
    z.strictObject({
      /** Send the names of the vault's notes with every turn (capped at limits.attachmentChars). */
      listVaultNotes: z.boolean(),
      /** Folders whose notes never go in that list (e.g. `04_Sueños`); the user may override. */
      excludeFolders: z._default(z.array(TextSchema).check(z.maxLength(50)), []),
    }),
    { listVaultNotes: true, excludeFolders: [] },
  ),
  /** What /extraer may fetch. */
  extract: z._default(
    z.strictObject({
      /**
       * Allow loopback, link-local and private addresses (a NAS or wiki on the home network).
       * Off by default so a page or a prompt cannot use SOMA to reach the router or the laptop.
       */
      allowPrivateAddresses: z.boolean(),
    }),
    { allowPrivateAddresses: false },
  ),
  /** The long-term layer (semantic search); absent, search is lexical only. */
  embeddings: z.optional(EmbeddingsSchema),
  /**
   * The model the semantic panel offers to download (absent: no download is offered). An
   * `embeddings` section, when present, is used instead.
   */
  semanticModel: z.optional(SemanticModelSchema),
  /** How the vault search reads queries (in the browser; never sent anywhere). */
  search: z._default(
    z.strictObject({
      /**
       * Groups of words that mean the same in this vault (`["carpeta", "directorio"]`):
       * a query for one also finds notes with another, ranked below exact matches.
       * Case, accents and inflection do not matter.
       */
      synonyms: z.array(z.array(SynonymWordSchema).check(z.minLength(2))),
    }),
    { synonyms: [] },
  ),
  limits: z.strictObject({
    /** Characters of context (history + chosen context) sent in one request. */
    contextChars: z.int().check(z.gte(1_000)),
    /** Characters kept from one attachment. */
    attachmentChars: z.int().check(z.gte(100)),
    /** Characters kept from an extracted web page. */
    extractChars: z.int().check(z.gte(100)),
  }),
});

/** The whole harness, with the checks that relate one field to another. */
export const HarnessSchema = HarnessObjectSchema.check(
  z.superRefine((h, ctx) => {
    if (!Object.hasOwn(h.profiles, h.defaultProfile)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultProfile'],
        message: 'unknown_profile',
        params: {
          code: 'unknown_profile',
          profile: h.defaultProfile,
          profiles: Object.keys(h.profiles).join(', '),
        },
      });
    }
    const ids = h.providers.map((p) => p.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['providers', i, 'id'],
          message: 'duplicate_id',
          params: { code: 'duplicate_id', id },
        });
      }
    });
    if (!ids.includes(h.webSearch.provider)) {
      ctx.addIssue({
        code: 'custom',
        path: ['webSearch', 'provider'],
        message: 'unknown_provider',
        params: {
          code: 'unknown_provider',
          provider: h.webSearch.provider,
          providers: ids.join(', '),
        },
      });
    }
    if (h.limits.attachmentChars > h.limits.contextChars) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'attachmentChars'],
        message: 'over_context',
        params: { code: 'over_context' },
      });
    }
    // A key pasted into any text would be sent to the model and shown in the UI.
    for (const [path, text] of strings(h, [])) {
      if (SECRET_PATTERN.test(text)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: 'looks_like_key',
          params: { code: 'looks_like_key' },
        });
      }
    }
  }),
);
export type Harness = z.infer<typeof HarnessSchema>;

/** Every string in a value with its path, to look for secrets. */
function* strings(
  value: unknown,
  path: (string | number)[],
): Generator<[(string | number)[], string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* strings(v, [...path, i]);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* strings(v, [...path, k]);
  }
}
