import { type SynonymExpander, termsOf, words } from './spanish-analyzer.ts';

/**
 * The user's synonym groups (`search.synonyms` in the harness), ready for
 * query expansion: a query word whose stem is in a group also looks for the
 * stems of the group's other words. Words that already share a stem need no
 * entry (`archivo`/`archivos`); a group is for words the stemmer cannot join
 * (`carpeta`/`directorio`).
 */
export class SynonymTable implements SynonymExpander {
  private constructor(private readonly byTerm: ReadonlyMap<string, readonly string[]>) {}

  static readonly empty = new SynonymTable(new Map());

  /** Groups of words; case, accents and inflection do not matter. */
  static from(groups: readonly (readonly string[])[]): SynonymTable {
    const byTerm = new Map<string, Set<string>>();
    for (const group of groups) {
      const all = new Set(group.flatMap((w) => words(w).flatMap(termsOf)));
      for (const t of all) {
        const set = byTerm.get(t) ?? new Set<string>();
        for (const other of all) if (other !== t) set.add(other);
        byTerm.set(t, set);
      }
    }
    return new SynonymTable(new Map([...byTerm].map(([t, set]) => [t, [...set]])));
  }

  get size(): number {
    return this.byTerm.size;
  }

  /** The terms of the synonyms of a word whose index terms are `terms` (none of `terms` itself). */
  expand(terms: readonly string[]): string[] {
    const out = new Set<string>();
    for (const t of terms) for (const s of this.byTerm.get(t) ?? []) out.add(s);
    for (const t of terms) out.delete(t);
    return [...out];
  }
}
