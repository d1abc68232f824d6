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

/** Builds the ranking's index of `notes`: one entry per name, the newest copy's time. */
export function buildNameIndex(notes: readonly ListedNote[]): NameIndex {
  const newest = new Map<string, { name: string; mtime: number }>();
  for (const n of notes) {
    const name = noteName(n.path);
    const key = noteKey(name);
    const seen = newest.get(key);
    if (!seen || n.mtime > seen.mtime)
      newest.set(key, { name: seen?.name ?? name, mtime: n.mtime });
  }
  const sorted = [...newest.entries()].sort(
    ([, a], [, b]) => b.mtime - a.mtime || a.name.localeCompare(b.name, 'es'),
  );
  const entries = sorted.map(([key, { name }]) => ({ name, key, terms: nameTerms(name) }));
  return { entries, byKey: new Map(entries.map((e, i) => [e.key, i])) };
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
  const scored: { at: number; score: number }[] = [];
  if (query.length > 0) {
    index.entries.forEach((e, at) => {
      if (taken.has(at)) return;
      let score = 0;
      for (const q of query) {
        if (q.terms.some((t) => e.terms.has(t))) score += 1;
        else if (q.related.some((t) => e.terms.has(t))) score += 0.5;
      }
      if (score > 0) scored.push({ at, score });
    });
  }
  // Stable: equal scores keep the index's order, newest first.
  scored.sort((a, b) => b.score - a.score);
  for (const s of scored) taken.add(s.at);
  const rest = index.entries.flatMap((_, at) => (taken.has(at) ? [] : [at]));
  const names = [...linked, ...scored.map((s) => s.at), ...rest].map(
    (at) => index.entries[at]!.name,
  );
  return { names, linked: linked.length, matched: scored.length };
}
