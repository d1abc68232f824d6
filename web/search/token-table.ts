import { grown, type IntList } from './int-list.ts';

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
   * Open addressing, two numbers a slot: the token's hash and 1 + its number
   * (0: empty). The hash beside the number spares a probe a second cache miss.
   */
  private slots = new Int32Array(2 << 12);
  /** Where each token's units start in `units`; token i ends where i + 1 starts. */
  private starts = new Int32Array(1 << 10);
  private units = new Uint16Array(1 << 14);
  private used = 0;
  /** The tokens, by number. */
  readonly tokens: string[] = [];

  get size(): number {
    return this.tokens.length;
  }

  /** Appends the number of each word of `text`, in order, to `out`. */
  scan(text: string, out: IntList): void {
    const n = text.length;
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
        if (width === 2) h = Math.imul(h ^ text.charCodeAt(i + 1), FNV_PRIME);
        i += width;
        if (i >= n) break;
        unit = text.charCodeAt(i);
        // ASCII: WORD (1) → 1 unit, SEPARATOR (2) → 0.
        width = unit < 128 ? 2 - kinds[unit]! : wordUnitsAt(text, i, unit);
      } while (width > 0);
      out.push(this.idOf(text, start, i, h));
    }
  }

  private idOf(text: string, start: number, end: number, h: number): number {
    const length = end - start;
    let mask = (this.slots.length >> 1) - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    const { slots, starts, units } = this;
    for (let id = slots[2 * slot + 1]! - 1; id >= 0; id = slots[2 * slot + 1]! - 1) {
      if (slots[2 * slot] === h) {
        const at = starts[id]!;
        if (starts[id + 1]! - at === length) {
          let k = 0;
          while (k < length && units[at + k] === text.charCodeAt(start + k)) k++;
          if (k === length) return id;
        }
      }
      slot = (slot + 1) & mask;
    }
    const id = this.tokens.length;
    this.tokens.push(text.slice(start, end));
    this.starts = grown(this.starts, id + 2);
    if (this.used + length > this.units.length) {
      const bigger = new Uint16Array(Math.max(this.used + length, this.units.length * 2));
      bigger.set(this.units);
      this.units = bigger;
    }
    for (let k = 0; k < length; k++) this.units[this.used + k] = text.charCodeAt(start + k);
    this.used += length;
    this.starts[id + 1] = this.used;
    if (2 * (id + 1) > this.slots.length >> 1) {
      this.rehash();
      mask = (this.slots.length >> 1) - 1;
      slot = (h ^ (h >>> 15)) & mask;
      while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    }
    this.slots[2 * slot] = h;
    this.slots[2 * slot + 1] = id + 1;
    return id;
  }

  /** Twice the slots, every token placed again (at most half the slots are ever used). */
  private rehash(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === 0) continue;
      const h = old[i]!;
      let slot = (h ^ (h >>> 15)) & mask;
      while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = h;
      slots[2 * slot + 1] = old[i + 1]!;
    }
    this.slots = slots;
  }
}
