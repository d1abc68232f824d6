import { type EncodedTerm, LazyTermData } from '../index/lazy-term-data.ts';
import type { MiniSearchInternals, TermData } from '../index/minisearch-internals.ts';
import { UNREADABLE, VarintReader } from '../index/varint-reader.ts';
import type { Level } from './score-scratch.ts';

/** The minisearch state read here (no API exposes postings). */
type Internals = MiniSearchInternals<unknown>;

/** minisearch's `_fieldLength` as arrays by note id: one read per posting instead of a Map lookup. */
interface FieldLengths {
  of: Map<number, number[]>;
  /** The ids below this one are filled in. */
  nextId: number;
  /** `of.size` then: fewer now (with no new id missing) means notes were removed. */
  known: Uint8Array;
  present: number;
  /** Per field id, each note's length (NaN where minisearch holds none, as its `undefined` reads). */
  byField: Float64Array[];
}
const lengthsCache = new WeakMap<Internals, FieldLengths>();

/** Copies note `doc`'s lengths into the arrays; false when minisearch holds none. */
function fill(into: FieldLengths, doc: number): boolean {
  const lengths = into.of.get(doc);
  if (lengths === undefined) return false;
  into.known[doc] = 1;
  lengths.forEach((length, fieldId) => {
    const field = into.byField[fieldId];
    if (field) field[doc] = length;
  });
  return true;
}

/** Arrays of `capacity` notes holding what `from` holds. */
function grownTo(from: FieldLengths, capacity: number): FieldLengths {
  const known = new Uint8Array(capacity);
  known.set(from.known);
  const byField = from.byField.map((old) => {
    const field = new Float64Array(capacity).fill(Number.NaN);
    field.set(old);
    return field;
  });
  return { ...from, known, byField };
}

/**
 * The field lengths, kept up to date as the index changes, not rebuilt: a
 * rebuild walked every note, and the first query after each edit paid it.
 * Notes added have ids from `nextId` on; a note removed leaves `_fieldLength`
 * (minisearch never reuses an id), found by one pass over the known ids. A
 * revived index brings a new Map, and so new arrays.
 */
export function fieldLengths(m: Internals): FieldLengths {
  const of = m._fieldLength;
  let cached = lengthsCache.get(m);
  if (cached && cached.of === of && cached.nextId === m._nextId && cached.present === of.size)
    return cached;
  if (!cached || cached.of !== of) {
    const byField = Object.values(m._fieldIds).map(() => new Float64Array(0));
    cached = { of, nextId: 0, known: new Uint8Array(0), present: 0, byField };
  }
  const size = m._nextId;
  // Room to grow: notes added one by one would otherwise copy the arrays each time.
  if (cached.known.length < size) cached = grownTo(cached, size + (size >> 3) + 64);
  let present = cached.present;
  for (let doc = cached.nextId; doc < size; doc++) {
    cached.known[doc] = 0;
    if (fill(cached, doc)) present++;
  }
  if (present !== of.size)
    for (let doc = 0; doc < cached.nextId; doc++)
      if (cached.known[doc] === 1 && !of.has(doc)) {
        cached.known[doc] = 0;
        for (const field of cached.byField) field[doc] = Number.NaN;
      }
  const fresh = { ...cached, nextId: size, present: of.size };
  lengthsCache.set(m, fresh);
  return fresh;
}

/**
 * minisearch's termResults: BM25 of one index term (`derived`, matched for a
 * query term) in each field, added into `how.into`, with the same arithmetic in
 * the same order as minisearch's (floating point is not associative).
 */
export function addTermScores(
  m: Internals,
  derived: string,
  termWeight: number,
  termBoost: number,
  data: TermData,
  how: {
    fields: readonly string[];
    boosts: readonly number[];
    bm25: { k: number; b: number; d: number };
    into: Level;
  },
): void {
  const { fields, boosts, into } = how;
  const { k, b, d: delta } = how.bm25;
  const total = m._documentCount;
  const { known, byField } = fieldLengths(m);
  const { score, present, list } = into;
  const encoded = data instanceof LazyTermData ? data.encoded : null;
  fields.forEach((field, f) => {
    const fieldId = m._fieldIds[field] as number;
    // Read from the term's bytes while it is encoded: decoding them into Maps first was
    // most of a query's first read of a word, and the Maps lived on for the collector to copy.
    const count = encoded ? readSpan(encoded, fieldId) : readMap(data.get(fieldId));
    if (count < 0) return;
    const { docs, freqs } = postings;
    const avg = m._avgFieldLength[fieldId] as number;
    const weight = termWeight * termBoost * (boosts[f] as number);
    const lengths = byField[fieldId] as Float64Array;
    let matching = count;
    let idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
    let n = into.n;
    for (let p = 0; p < count; p++) {
      const doc = docs[p] as number;
      // A note discarded since: minisearch drops its posting as it meets it, and so it counts
      // no more (an encoded term is decoded by that; the postings read here stay as they were).
      if (known[doc] !== 1) {
        m.removeTerm(fieldId, doc, derived);
        matching -= 1;
        idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
        continue;
      }
      const termFreq = freqs[p] as number;
      const fieldLength = lengths[doc] as number;
      const raw =
        idf * (delta + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avg)));
      if (present[doc] === 0) {
        present[doc] = 1;
        list[n++] = doc;
      }
      score[doc] = (score[doc] as number) + weight * raw;
    }
    into.n = n;
  });
}

/** One field's postings of the term being scored, in its Map's order (reused: no arrays per term). */
const postings = { docs: new Int32Array(1 << 12), freqs: new Int32Array(1 << 12) };

/** Room for `count` postings in `postings`. */
function room(count: number): void {
  if (postings.docs.length >= count) return;
  const size = Math.max(count, 2 * postings.docs.length);
  postings.docs = new Int32Array(size);
  postings.freqs = new Int32Array(size);
}

/** A field's Map into `postings`; its size, or -1 when the term is not in that field. */
function readMap(freqs: Map<number, number> | undefined): number {
  if (freqs == null) return -1;
  room(freqs.size);
  const { docs, freqs: out } = postings;
  let p = 0;
  // forEach, not for…of: no entry array per posting (much faster over a common word's notes).
  freqs.forEach((termFreq, doc) => {
    docs[p] = doc;
    out[p++] = termFreq;
  });
  return p;
}

/** A field's postings from a term's bytes into `postings`; their count, or -1 when none. */
function readSpan(encoded: EncodedTerm, fieldId: number): number {
  const span = fieldSpan(encoded, fieldId);
  if (!span) return -1;
  room(span.count);
  const { docs, freqs } = postings;
  const { bytes } = encoded;
  const end = span.to;
  // Varints read in place, one byte each but for the rare long one (the reader's).
  const long = new VarintReader(bytes, span.from, end);
  let i = span.from;
  let doc = 0;
  for (let p = 0; p < span.count; p++) {
    let gap = bytes[i++] as number;
    if (gap >= 0x80) {
      long.at = i - 1;
      gap = long.next();
      i = long.at;
    }
    let termFreq = bytes[i++] as number;
    if (termFreq >= 0x80) {
      long.at = i - 1;
      termFreq = long.next();
      i = long.at;
    }
    // Past the block: bytes that do not hold together, read no further.
    if (i > end) throw new Error(UNREADABLE);
    doc += (gap >>> 1) ^ -(gap & 1);
    docs[p] = doc;
    freqs[p] = termFreq;
  }
  return span.count;
}

/** Where a field's postings lie in a term's bytes, and how many. */
interface Span {
  from: number;
  to: number;
  count: number;
}

/**
 * Per term read by a query: its fields' spans, four numbers each (field id,
 * count, from, to). Found by stepping over the bytes (no decoding) once per
 * term: a query reads six fields of each term, and finding each anew stepped
 * over the blocks before it (a common word's body) again.
 */
const spanCache = new WeakMap<EncodedTerm, Int32Array>();

function spansOf(encoded: EncodedTerm): Int32Array {
  const known = spanCache.get(encoded);
  if (known) return known;
  const r = new VarintReader(encoded.bytes, encoded.start, encoded.end);
  const fields = r.next();
  const spans = new Int32Array(4 * fields);
  for (let f = 0; f < 4 * fields; f += 4) {
    spans[f] = r.next();
    const count = r.next();
    spans[f + 1] = count;
    spans[f + 2] = r.at;
    r.skipMany(2 * count);
    spans[f + 3] = r.at;
  }
  if (r.at !== encoded.end) throw new Error(UNREADABLE);
  spanCache.set(encoded, spans);
  return spans;
}

/**
 * Field `fieldId`'s postings in a term's bytes (gap, frequency per note, in
 * the order its Map would hold them); undefined when the term is not in that
 * field. From the blocks its writer kept, or from the spans found once.
 */
function fieldSpan(encoded: EncodedTerm, fieldId: number): Span | undefined {
  if (encoded.blocks) return encoded.blocks.find((x) => x.fieldId === fieldId);
  const spans = spansOf(encoded);
  for (let f = 0; f < spans.length; f += 4) {
    if (spans[f] === fieldId)
      return {
        count: spans[f + 1] as number,
        from: spans[f + 2] as number,
        to: spans[f + 3] as number,
      };
  }
  return undefined;
}

/**
 * Which of `docs` hold a term in any of the index's `fieldCount` fields (ids
 * 0…fieldCount-1): `holds[i]` set for `docs[i]`. Read as scoring reads
 * (from the term's bytes while it is still encoded: decoding to answer this
 * decoded every word of a query whose notes were shown).
 */
export function markHolders(
  data: TermData,
  fieldCount: number,
  docs: ReadonlyMap<number, number>,
  holds: Uint8Array,
): void {
  const encoded = data instanceof LazyTermData ? data.encoded : null;
  let left = docs.size;
  for (let fieldId = 0; fieldId < fieldCount && left > 0; fieldId++) {
    const count = encoded ? readSpan(encoded, fieldId) : readMap(data.get(fieldId));
    for (let p = 0; p < count; p++) {
      const i = docs.get(postings.docs[p] as number);
      if (i !== undefined && holds[i] === 0) {
        holds[i] = 1;
        if (--left === 0) return;
      }
    }
  }
}
