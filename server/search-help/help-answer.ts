import * as z from 'zod/mini';
import { foldText } from '../../common/fold-text.ts';

/**
 * Reads the model's answer to a search-help request: JSON with `queries` (and,
 * from models that split them, `terms`), or a bare list. Models wrap JSON in code
 * fences or a sentence however they are asked, so the outermost `{…}` or `[…]` is
 * tried when the whole text is not JSON.
 */

/** A query longer than this is a sentence, not a search. */
const MAX_QUERY_CHARS = 100;

const QueryListSchema = z.array(z.unknown());
const AnswerSchema = z.union([
  z.looseObject({ queries: QueryListSchema, terms: z.optional(QueryListSchema) }),
  QueryListSchema,
]);

/**
 * The usable queries in `text`: trimmed, one space between words, unique (ignoring
 * case and accents), never `question` itself, at most `max`; null when the text holds
 * no JSON of that shape or none of its entries is usable.
 */
export function parseHelpAnswer(text: string, question: string, max: number): string[] | null {
  const parsed = AnswerSchema.safeParse(jsonIn(text));
  if (!parsed.success) return null;
  const raw = Array.isArray(parsed.data)
    ? parsed.data
    : [...parsed.data.queries, ...(parsed.data.terms ?? [])];
  const seen = new Set([foldText(question.trim())]);
  const out: string[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'string') continue;
    const query = entry.replace(/\s+/g, ' ').trim();
    const key = foldText(query);
    if (!query || query.length > MAX_QUERY_CHARS || seen.has(key)) continue;
    seen.add(key);
    out.push(query);
    if (out.length === max) break;
  }
  return out.length > 0 ? out : null;
}

/** The JSON value in `text`: all of it, else its outermost object or array; undefined if none. */
function jsonIn(text: string): unknown {
  const whole = tryJson(text.trim());
  if (whole !== undefined) return whole;
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start !== -1 && end > start) {
      const inner = tryJson(text.slice(start, end + 1));
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
