import { foldText } from '../../../common/fold-text.ts';
import { type SynonymExpander, termsOf, words } from '../../../common/spanish/spanish-analyzer.ts';
import { inflections } from '../../../common/spanish/spanish-forms.ts';

/**
 * The user's synonym groups (`search.synonyms` in the harness), ready for
 * query expansion: a query word that is a group's word, or one of its
 * inflections (`carpetas`, `eliminé`), also looks for the index terms of the
 * group's other words. Groups are matched on whole words, not on stems:
 * `ordenador` and `orden`, or `comando` and `comer`, share a stem and mean
 * different things. Words that already share a stem need no entry
 * (`archivo`/`archivos`); a group is for words the stemmer cannot join
 * (`carpeta`/`directorio`).
 */
export class SynonymTable implements SynonymExpander {
  private constructor(private readonly byForm: ReadonlyMap<string, readonly string[]>) {}

  static readonly empty = new SynonymTable(new Map());

  /** Groups of words; case, accents and inflection do not matter. */
  static from(groups: readonly (readonly string[])[]): SynonymTable {
    const byForm = new Map<string, Set<string>>();
    for (const group of groups) {
      const members = group.flatMap((w) => words(w)).map((w) => ({ w, folded: foldText(w) }));
      for (const { folded } of members) {
        const others = members.filter((m) => m.folded !== folded).flatMap((m) => termsOf(m.w));
        for (const form of inflections(folded)) {
          const set = byForm.get(form) ?? new Set<string>();
          for (const t of others) set.add(t);
          byForm.set(form, set);
        }
      }
    }
    return new SynonymTable(new Map([...byForm].map(([form, set]) => [form, [...set]])));
  }

  /** How many word forms have synonyms. */
  get size(): number {
    return this.byForm.size;
  }

  /** The index terms of the synonyms of `word` (folded) that are not among `terms`, its own. */
  expand(word: string, terms: readonly string[]): string[] {
    const own = new Set(terms);
    return (this.byForm.get(word) ?? []).filter((t) => !own.has(t));
  }
}
