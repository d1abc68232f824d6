import type { IntList } from './int-list.ts';

/** What makes a word: letters, digits and combining marks; anything else separates words. */
export const WORD_CLASS = '[\\p{L}\\p{N}\\p{M}]';
const WORD_CHAR = new RegExp(`^${WORD_CLASS}$`, 'u');
const UNKNOWN = 0;
const WORD = 1;
const SEPARATOR = 2;
const SURROGATE = 3;
/** Each UTF-16 unit's kind, learnt the first time it is met. */
const kinds = new Uint8Array(0x10000);
/** Code points past the BMP (two units): word character or not. */
const astral = new Map<number, boolean>();

for (let unit = 0; unit < 128; unit++) kindOf(unit);

function kindOf(unit: number): number {
  let kind = kinds[unit]!;
  if (kind === UNKNOWN) {
    if (unit >= 0xd800 && unit <= 0xdfff) kind = SURROGATE;
    else kind = WORD_CHAR.test(String.fromCharCode(unit)) ? WORD : SEPARATOR;
    kinds[unit] = kind;
  }
  return kind;
}

/**
 * How many UTF-16 units the word character at `i` takes (1, or 2 past the
 * BMP), or 0 when the character there separates words. A lone surrogate is no
 * letter, as for a `u` regular expression.
 */
function wordUnitsAt(text: string, i: number, unit: number): number {
  const kind = kindOf(unit);
  if (kind === WORD) return 1;
  if (kind === SEPARATOR || unit > 0xdbff || i + 1 >= text.length) return 0;
  const low = text.charCodeAt(i + 1);
  if (low < 0xdc00 || low > 0xdfff) return 0;
  const cp = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  let word = astral.get(cp);
  if (word === undefined) {
    word = WORD_CHAR.test(String.fromCodePoint(cp));
    astral.set(cp, word);
  }
  return word ? 2 : 0;
}

/** A text as its words are taken from it: NFC and lower case (`TokenTable.scanWordText` finds its words without making it). */
export function wordText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** Units below this are NFC as they are, and lower-case one by one (checked over every pair in a test). */
export const FAST_END = 0x300;
/** In `lowered`: the unit separates words; or it takes the long way. */
const SEPARATE = 0;
const BAIL = 0xffff;
/**
 * Each unit below FAST_END lowered, when that lowered unit is a word
 * character; SEPARATE when it is not; BAIL when it lowers to more than one
 * unit, or past FAST_END (U+0130 `İ` → `i̇`).
 */
const lowered = new Uint16Array(FAST_END);
for (let unit = 0; unit < FAST_END; unit++) {
  const lower = String.fromCharCode(unit).toLowerCase();
  const l = lower.charCodeAt(0);
  lowered[unit] = lower.length !== 1 || l >= FAST_END ? BAIL : kindOf(l) === WORD ? l : SEPARATE;
}

/** Numbers per slot of `TokenTable`'s hash table. */
const SLOT = 4;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * The words of texts, each numbered once: `scan` finds the same words, in the
 * same order, as `text.match(/[\p{L}\p{N}\p{M}]+/gu)` (`words` in spanish-analyzer.ts), and gives each its
 * number in this table (new words get the next one). It hashes the
 * characters as it walks them and compares them with the ones it keeps, so a
 * word seen before costs no string, no regular expression match and no Map
 * lookup: indexing meets millions of words, mostly the same few thousand
 * (the profile of a 10k first sync in Chromium had the per-word Map lookup
 * as its largest single cost).
 */
export class TokenTable {
  /**
   * Open addressing, four numbers a slot: the token's hash, 1 + its number
   * (0: empty), where its units start in `units`, and how many there are. All
   * a probe reads is in the slot's 16 bytes, so a word costs two cache misses
   * at most (its slot, its units), not three.
   */
  private slots = new Int32Array(SLOT << 12);
  private units = new Uint16Array(1 << 14);
  private used = 0;
  /** The units of the word being scanned (lowered, by `scanWordText`). */
  private word = new Uint16Array(1 << 10);
  /** The tokens, by number. */
  readonly tokens: string[] = [];

  get size(): number {
    return this.tokens.length;
  }

  /** Room in `word` for a token of `length` units. */
  private room(length: number): Uint16Array {
    if (this.word.length < length)
      this.word = new Uint16Array(Math.max(length, 2 * this.word.length));
    return this.word;
  }

  /** Appends the number of each word of `text`, in order, to `out`. */
  scan(text: string, out: IntList): void {
    const n = text.length;
    const word = this.room(n);
    let i = 0;
    while (i < n) {
      let unit = text.charCodeAt(i);
      let width = unit < 128 ? 2 - kinds[unit]! : wordUnitsAt(text, i, unit);
      if (width === 0) {
        i++;
        continue;
      }
      const start = i;
      let h = FNV_OFFSET;
      do {
        h = Math.imul(h ^ unit, FNV_PRIME);
        word[i - start] = unit;
        if (width === 2) {
          unit = text.charCodeAt(i + 1);
          h = Math.imul(h ^ unit, FNV_PRIME);
          word[i + 1 - start] = unit;
        }
        i += width;
        if (i >= n) break;
        unit = text.charCodeAt(i);
        // ASCII: WORD (1) → 1 unit, SEPARATOR (2) → 0.
        width = unit < 128 ? 2 - kinds[unit]! : wordUnitsAt(text, i, unit);
      } while (width > 0);
      out.push(this.idOf(text, start, i, h, false));
    }
  }

  /**
   * `scan(wordText(text), out)` (`wordText`: NFC, then lower case), without
   * making that string when it can: a text whose units are all below U+0300
   * is NFC already and lower-cases unit by unit, so its words are lowered as
   * they are hashed (the lowered copy of every note was a measurable part of a
   * build, and most of its garbage: docs/FACTS.md). At the first unit past
   * that, the text is scanned the long way instead, from its start (the words
   * numbered until then are words of the long way too, found in the same order).
   */
  scanWordText(text: string, out: IntList): void {
    const n = text.length;
    const from = out.length;
    const word = this.room(n);
    let i = 0;
    while (i < n) {
      let unit = text.charCodeAt(i);
      let c = unit < FAST_END ? lowered[unit]! : BAIL;
      if (c === SEPARATE) {
        i++;
        continue;
      }
      if (c === BAIL) break;
      const start = i;
      let h = FNV_OFFSET;
      do {
        h = Math.imul(h ^ c, FNV_PRIME);
        word[i - start] = c;
        i++;
        if (i >= n) break;
        unit = text.charCodeAt(i);
        c = unit < FAST_END ? lowered[unit]! : BAIL;
      } while (c !== SEPARATE && c !== BAIL);
      // A word that goes on past the fast range (a combining mark…) is not complete.
      if (c === BAIL) break;
      out.push(this.idOf(text, start, i, h, true));
    }
    if (i >= n) return;
    out.length = from;
    this.scan(wordText(text), out);
  }

  /** The number of the token in `word` (units `start`..`end` of `text`, lowered when `lower`). */
  private idOf(text: string, start: number, end: number, h: number, lower: boolean): number {
    const length = end - start;
    let mask = this.slots.length / SLOT - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    const { slots, units, word } = this;
    for (let id = slots[SLOT * slot + 1]! - 1; id >= 0; id = slots[SLOT * slot + 1]! - 1) {
      const s = SLOT * slot;
      if (slots[s] === h && slots[s + 3] === length) {
        const at = slots[s + 2]!;
        let k = 0;
        while (k < length && units[at + k] === word[k]) k++;
        if (k === length) return id;
      }
      slot = (slot + 1) & mask;
    }
    const id = this.tokens.length;
    const token = text.slice(start, end);
    this.tokens.push(lower ? token.toLowerCase() : token);
    if (this.used + length > this.units.length) {
      const bigger = new Uint16Array(Math.max(this.used + length, this.units.length * 2));
      bigger.set(this.units);
      this.units = bigger;
    }
    const at = this.used;
    this.units.set(word.subarray(0, length), at);
    this.used += length;
    if (2 * (id + 1) > this.slots.length / SLOT) {
      this.rehash();
      mask = this.slots.length / SLOT - 1;
      slot = (h ^ (h >>> 15)) & mask;
      while (this.slots[SLOT * slot + 1] !== 0) slot = (slot + 1) & mask;
    }
    const s = SLOT * slot;
    this.slots[s] = h;
    this.slots[s + 1] = id + 1;
    this.slots[s + 2] = at;
    this.slots[s + 3] = length;
    return id;
  }

  /** Twice the slots, every token placed again (at most half the slots are ever used). */
  private rehash(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = slots.length / SLOT - 1;
    for (let i = 0; i < old.length; i += SLOT) {
      if (old[i + 1] === 0) continue;
      const h = old[i]!;
      let slot = (h ^ (h >>> 15)) & mask;
      while (slots[SLOT * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots.set(old.subarray(i, i + SLOT), SLOT * slot);
    }
    this.slots = slots;
  }
}
