import { analyzeQuery, termsOf, words } from '../../common/spanish/spanish-analyzer.ts';
import { noteKey, noteName, parseWikilinks } from '../../common/wikilinks.ts';

/** One note the listing may name: its vault path and when it last changed. */
export interface ListedNote {
  path: string;
  mtime: number;
}

/** One name of the listing: as first spelt, its folded key, its newest copy's time, its terms. */
interface NameEntry {
  name: string;
  key: string;
  mtime: number;
  terms: ReadonlySet<string>;
}

/**
 * The note names of a vault, ready to be ranked for any turn. Kept up to date by
 * `updateNameIndex` with the manifest: a note edited moves one name, re-stems nothing.
 */
export interface NameIndex {
  /** One entry per name (case-insensitively), newest first, then by name. */
  order: NameEntry[];
  byKey: Map<string, NameEntry>;
  /** Each term's entries: a turn looks up its words, never scans all names. */
  postings: Map<string, Set<NameEntry>>;
  /** Each listed path's name, key and folded path, worked out once per path. */
  paths: Map<string, { name: string; key: string; folded: string }>;
}
/**
 * The names to send, the ones that matter to this turn first: `linked` names linked from
 * the chosen notes, then `matched` names sharing words with the message or the chosen
 * notes' names, then every other name, newest first. assembleTurn cuts it to its budget.
 */
export interface RankedListing {
  names: string[];
  linked: number;
  matched: number;
}

/** What this turn is about: the user's words and the notes chosen for it (attached, pinned). */
export interface ListingFocus {
  message: string;
  notes: { path: string; text: string }[];
}

/** The index terms of a note name (stemmed, folded: the browser search's analyzer). */
function nameTerms(name: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(name)) for (const t of termsOf(w)) out.add(t);
  return out;
}

/** Names sort in Spanish order; one collator, as `localeCompare` builds one per call. */
const spanish = new Intl.Collator('es');

/** The listing's order: newest first, then by name. */
const newestFirst = (a: NameEntry, b: NameEntry) =>
  b.mtime - a.mtime || spanish.compare(a.name, b.name);

/** Past this share of the names moved, the order is sorted again rather than patched. */
const RESORT_SHARE = 1 / 8;

/** An empty index, for `updateNameIndex` to fill. */
export function emptyNameIndex(): NameIndex {
  return { order: [], byKey: new Map(), postings: new Map(), paths: new Map() };
}

/** The ranking's index of `notes` (see `updateNameIndex`). */
export function buildNameIndex(notes: readonly ListedNote[], exclude: readonly string[] = []) {
  return updateNameIndex(emptyNameIndex(), notes, exclude);
}

/**
 * Brings `index` to `notes` (the whole listing, as the manifest gives it), leaving out the
 * paths under an `exclude` prefix (folded: NFC, lower case, ending in `/`): one entry per
 * name, the newest copy's time. Only what changed is touched: a new name is stemmed, an
 * edited note's name moves to its place in the order, a gone one leaves. Returns `index`.
 */
export function updateNameIndex(
  index: NameIndex,
  notes: readonly ListedNote[],
  exclude: readonly string[] = [],
): NameIndex {
  // Paths seen before keep their worked-out names; the map is made afresh once it holds
  // many paths no longer listed.
  if (index.paths.size > 2 * notes.length + 64) index.paths = new Map();
  /** Each listed name's first spelling and newest time, this listing. */
  const listed = new Map<NameEntry | string, { name: string; mtime: number }>();
  for (const n of notes) {
    let known = index.paths.get(n.path);
    if (!known) {
      const name = noteName(n.path);
      known = { name, key: noteKey(name), folded: noteKey(n.path) };
      index.paths.set(n.path, known);
    }
    if (exclude.length > 0 && exclude.some((prefix) => known.folded.startsWith(prefix))) continue;
    // By entry when the name is indexed (no string hashing), else by key.
    const slot = index.byKey.get(known.key) ?? known.key;
    const seen = listed.get(slot);
    if (!seen) listed.set(slot, { name: known.name, mtime: n.mtime });
    else if (n.mtime > seen.mtime) seen.mtime = n.mtime;
  }

  const moved = new Set<NameEntry>();
  const gone = new Set<NameEntry>();
  const drop = (entry: NameEntry) => {
    gone.add(entry);
    index.byKey.delete(entry.key);
    for (const t of entry.terms) {
      const list = index.postings.get(t);
      list?.delete(entry);
      if (list?.size === 0) index.postings.delete(t);
    }
  };
  const add = (name: string, key: string, mtime: number) => {
    const added: NameEntry = { name, key, mtime, terms: nameTerms(name) };
    index.byKey.set(key, added);
    for (const t of added.terms) {
      const list = index.postings.get(t);
      if (list) list.add(added);
      else index.postings.set(t, new Set([added]));
    }
    moved.add(added);
  };
  for (const entry of [...index.byKey.values()]) {
    const now = listed.get(entry);
    if (!now) drop(entry);
    else if (now.name !== entry.name) {
      drop(entry);
      add(now.name, entry.key, now.mtime);
    } else if (now.mtime !== entry.mtime) {
      entry.mtime = now.mtime;
      moved.add(entry);
    }
  }
  for (const [slot, { name, mtime }] of listed) {
    if (typeof slot === 'string') add(name, slot, mtime);
  }

  if (moved.size === 0 && gone.size === 0) return index;
  if (moved.size + gone.size > index.order.length * RESORT_SHARE) {
    index.order = [...index.byKey.values()].sort(newestFirst);
    return index;
  }
  const order = index.order.filter((e) => !moved.has(e) && !gone.has(e));
  for (const entry of [...moved].sort(newestFirst)) {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newestFirst(order[mid]!, entry) <= 0) lo = mid + 1;
      else hi = mid;
    }
    order.splice(lo, 0, entry);
  }
  index.order = order;
  return index;
}

/**
 * Orders the index's names for one turn. A name's words match a query word when they share
 * a stem (`recuperación` meets `recuperar`); a name matching more of the query's words
 * comes first, other forms of a word counting half, ties newest first.
 */
export function rankNoteNames(index: NameIndex, focus: ListingFocus): RankedListing {
  const taken = new Set<NameEntry>();
  const linked: NameEntry[] = [];
  for (const note of focus.notes) {
    for (const link of parseWikilinks(note.text)) {
      const entry = index.byKey.get(noteKey(noteName(link.target)));
      if (entry && !taken.has(entry)) {
        taken.add(entry);
        linked.push(entry);
      }
    }
  }
  const query = analyzeQuery(
    [focus.message, ...focus.notes.map((n) => noteName(n.path))].join('\n'),
  );
  // Each query word scores a name once: 1 when a term of it is the name's, else 0.5 for a related one.
  const scores = new Map<NameEntry, number>();
  for (const q of query) {
    const full = new Set<NameEntry>();
    for (const t of q.terms) for (const e of index.postings.get(t) ?? []) full.add(e);
    const related = new Set<NameEntry>();
    for (const t of q.related) for (const e of index.postings.get(t) ?? []) related.add(e);
    for (const e of full) scores.set(e, (scores.get(e) ?? 0) + 1);
    for (const e of related) if (!full.has(e)) scores.set(e, (scores.get(e) ?? 0) + 0.5);
  }
  const scored = [...scores]
    .filter(([e]) => !taken.has(e))
    .map(([entry, score]) => ({ entry, score }));
  // Equal scores keep the listing's order, newest first.
  scored.sort((a, b) => b.score - a.score || newestFirst(a.entry, b.entry));
  for (const s of scored) taken.add(s.entry);
  const names = [...linked, ...scored.map((s) => s.entry)].map((e) => e.name);
  for (const e of index.order) if (!taken.has(e)) names.push(e.name);
  return { names, linked: linked.length, matched: scored.length };
}
