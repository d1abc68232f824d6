import { analyzeQuery, termsOf, words } from '../../common/spanish/spanish-analyzer.ts';
import { noteKey, noteName, parseWikilinks } from '../../common/wikilinks.ts';

/** One note the listing may name: its vault path and when it last changed. */
export interface ListedNote {
  path: string;
  mtime: number;
}

/** The note names of a vault, ready to be ranked for any turn (built once per manifest). */
export interface NameIndex {
  /** One entry per name (case-insensitively), newest first, then by name. */
  entries: { name: string; key: string; terms: ReadonlySet<string> }[];
  byKey: ReadonlyMap<string, number>;
  /** Each term's entries, in the entries' order: a turn looks up its words, never scans all names. */
  postings: ReadonlyMap<string, readonly number[]>;
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

/**
 * Builds the ranking's index of `notes`: one entry per name, the newest copy's time. The
 * terms of a name already in `previous` are taken from it: one note edited re-stems nothing.
 */
export function buildNameIndex(notes: readonly ListedNote[], previous?: NameIndex): NameIndex {
  const newest = new Map<string, { name: string; mtime: number }>();
  for (const n of notes) {
    const name = noteName(n.path);
    const key = noteKey(name);
    const seen = newest.get(key);
    if (!seen || n.mtime > seen.mtime)
      newest.set(key, { name: seen?.name ?? name, mtime: n.mtime });
  }
  const sorted = [...newest.entries()].sort(
    ([, a], [, b]) => b.mtime - a.mtime || spanish.compare(a.name, b.name),
  );
  const termsOfName = (name: string, key: string) => {
    const at = previous?.byKey.get(key);
    const before = at === undefined ? undefined : previous?.entries[at];
    return before?.name === name ? before.terms : nameTerms(name);
  };
  const entries = sorted.map(([key, { name }]) => ({ name, key, terms: termsOfName(name, key) }));
  const postings = new Map<string, number[]>();
  entries.forEach((e, at) => {
    for (const t of e.terms) {
      const list = postings.get(t);
      if (list) list.push(at);
      else postings.set(t, [at]);
    }
  });
  return { entries, byKey: new Map(entries.map((e, i) => [e.key, i])), postings };
}

/**
 * Orders the index's names for one turn. A name's words match a query word when they share
 * a stem (`recuperación` meets `recuperar`); a name matching more of the query's words
 * comes first, other forms of a word counting half, ties newest first.
 */
export function rankNoteNames(index: NameIndex, focus: ListingFocus): RankedListing {
  const taken = new Set<number>();
  const linked: number[] = [];
  for (const note of focus.notes) {
    for (const link of parseWikilinks(note.text)) {
      const at = index.byKey.get(noteKey(noteName(link.target)));
      if (at !== undefined && !taken.has(at)) {
        taken.add(at);
        linked.push(at);
      }
    }
  }
  const query = analyzeQuery(
    [focus.message, ...focus.notes.map((n) => noteName(n.path))].join('\n'),
  );
  // Each query word scores a name once: 1 when a term of it is the name's, else 0.5 for a related one.
  const scores = new Map<number, number>();
  for (const q of query) {
    const full = new Set<number>();
    for (const t of q.terms) for (const at of index.postings.get(t) ?? []) full.add(at);
    const related = new Set<number>();
    for (const t of q.related) for (const at of index.postings.get(t) ?? []) related.add(at);
    for (const at of full) scores.set(at, (scores.get(at) ?? 0) + 1);
    for (const at of related) if (!full.has(at)) scores.set(at, (scores.get(at) ?? 0) + 0.5);
  }
  const scored = [...scores].filter(([at]) => !taken.has(at)).map(([at, score]) => ({ at, score }));
  // Equal scores keep the index's order, newest first.
  scored.sort((a, b) => b.score - a.score || a.at - b.at);
  for (const s of scored) taken.add(s.at);
  const names = [...linked, ...scored.map((s) => s.at)].map((at) => index.entries[at]!.name);
  for (let at = 0; at < index.entries.length; at++) {
    if (!taken.has(at)) names.push(index.entries[at]!.name);
  }
  return { names, linked: linked.length, matched: scored.length };
}
