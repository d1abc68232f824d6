/**
 * The spellings of an API key that an upstream may send back: the key itself, and the
 * key re-encoded (percent escapes, any mix of escaped and plain characters; base64,
 * standard or URL-safe, at any of the three byte offsets it can sit at inside a longer
 * encoded text; hex; reversed). Matching ignores ASCII case: a near-copy of a key is
 * masked too, which costs nothing, and escapes and hex come in either case.
 */

/** A derived spelling shorter than this is not looked for: it would mask ordinary words. */
const MIN_DERIVED_CHARS = 8;
/** Replaces every spelling of a key. */
export const KEY_MASK = '***';

/** One position of a spelling: the strings (ASCII lower case) that may stand there. */
type Unit = readonly string[];
type Form = readonly Unit[];

/** `walk` found no match. */
const NONE = -1;
/** `walk` ran out of text while everything so far matched: more text could complete it. */
const PARTIAL = -2;

/** A-Z to a-z and nothing else, so that indices into the folded text stay valid. */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

const literal = (s: string): Form => [...foldAscii(s)].map((c) => [c]);

const percentOf = (c: string) =>
  [...Buffer.from(c)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/**
 * The base64 characters that depend on the key's bytes alone when the key starts
 * `offset` bytes into the encoded text; the characters at either end share bits with
 * whatever surrounds the key and differ from text to text.
 */
function base64Middle(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  return encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
}

/** Every spelling of `key` looked for, as sequences of units. */
function formsOf(key: string): Form[] {
  const bytes = Buffer.from(key);
  const derived = [
    [...key].reverse().join(''),
    bytes.toString('hex'),
    ...[0, 1, 2].flatMap((offset) => {
      const middle = base64Middle(bytes, offset);
      return [middle, middle.replaceAll('+', '-').replaceAll('/', '_')];
    }),
  ].filter((s) => s.length >= MIN_DERIVED_CHARS);
  // Each character plain or escaped, in any mix (`%67sk_…`, `encodeURIComponent`, all escaped).
  const percent: Form = [...key].map((c) => [foldAscii(c), percentOf(c)]);
  return [literal(key), percent, ...[...new Set(derived)].map(literal)];
}

/**
 * Where a match of `form[u..]` starting at `pos` of `text` (folded) ends, or NONE, or
 * PARTIAL when the text ends before the form does and could still complete it.
 */
function walk(text: string, pos: number, form: Form, u: number): number {
  if (u === form.length) return pos;
  let partial = false;
  for (const alt of form[u] ?? []) {
    if (text.length - pos < alt.length) {
      if (alt.startsWith(text.slice(pos))) partial = true;
    } else if (text.startsWith(alt, pos)) {
      const end = walk(text, pos + alt.length, form, u + 1);
      if (end >= 0) return end;
      if (end === PARTIAL) partial = true;
    }
  }
  return partial ? PARTIAL : NONE;
}

/** Every spelling of a set of keys, found and masked in text. */
export class KeyForms {
  readonly #forms: Form[];
  /** The spellings by the characters they may start with: most text starts none of them. */
  readonly #byFirst = new Map<string, Form[]>();
  /** Longest a spelling can be, in characters: how far back a partial one may start. */
  readonly #longest: number;

  constructor(keys: readonly string[]) {
    this.#forms = keys.filter((k) => k !== '').flatMap(formsOf);
    // Longest first, so a spelling that holds another is masked whole.
    this.#forms.sort((a, b) => b.length - a.length);
    const chars = (f: Form) => f.reduce((n, u) => n + Math.max(...u.map((a) => a.length)), 0);
    this.#longest = Math.max(0, ...this.#forms.map(chars));
    for (const form of this.#forms) {
      for (const first of new Set(form[0]?.map((alt) => alt[0] ?? ''))) {
        this.#byFirst.set(first, [...(this.#byFirst.get(first) ?? []), form]);
      }
    }
  }

  get empty(): boolean {
    return this.#forms.length === 0;
  }

  /** `text` with every spelling of every key replaced by `***`. */
  mask(text: string): string {
    if (this.empty) return text;
    const folded = foldAscii(text);
    let out = '';
    let i = 0;
    let plainFrom = 0;
    while (i < text.length) {
      const end = this.#matchAt(folded, i);
      if (end > i) {
        out += text.slice(plainFrom, i) + KEY_MASK;
        i = end;
        plainFrom = end;
      } else {
        i += 1;
      }
    }
    return out + text.slice(plainFrom);
  }

  /** Length of the longest tail of `text` that more text could turn into a spelling. */
  heldTail(text: string): number {
    const folded = foldAscii(text);
    for (let start = Math.max(0, text.length - this.#longest); start < text.length; start++) {
      const candidates = this.#byFirst.get(folded[start] ?? '') ?? [];
      if (candidates.some((f) => walk(folded, start, f, 0) === PARTIAL)) {
        return text.length - start;
      }
    }
    return 0;
  }

  #matchAt(folded: string, pos: number): number {
    for (const form of this.#byFirst.get(folded[pos] ?? '') ?? []) {
      const end = walk(folded, pos, form, 0);
      if (end > pos) return end;
    }
    return NONE;
  }
}
