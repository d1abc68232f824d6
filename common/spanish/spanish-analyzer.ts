import { stemmer } from '@orama/stemmers/spanish';
import { foldText as foldTerm } from '../fold-text.ts';
import { relatedForms } from './spanish-forms.ts';
import { WORD_CLASS, wordText } from './token-table.ts';

/**
 * The Spanish analyzer, shared by indexing and querying (in the worker, and in
 * Node for the tests). Bump ANALYZER_VERSION whenever its output changes: a
 * saved index built by an older analyzer is then rebuilt, not reused.
 *
 * A word becomes NFC + lower case, then is stemmed (Snowball Spanish), then
 * folded (accents and `ñ` → `n`, for recall: people type `sueno` on phones).
 * Snowball only recognises some suffixes with their accent (`recuperación` →
 * `recuper`, but `recuperacion` is left whole), so every indexed word also
 * gets the stem of its folded form (with `-cion` re-accented), and a query
 * tries both: typed with or without accents, `recuperacion` meets `recuperar`.
 */
export const ANALYZER_VERSION = 2;

/** Letters, digits and combining marks make words; anything else separates them. */
const WORD_RE = new RegExp(`${WORD_CLASS}+`, 'gu');

/** Words too common to help find a note, dropped from queries (folded). Kept in the index. */
const STOP_WORDS = new Set(
  (
    'a al algo algun alguna algunas alguno algunos ante antes aqui asi aun cada como con contra ' +
    'cual cuales cuando cuanto de del desde donde dos el ella ellas ellos en entre era eran es esa ' +
    'esas ese eso esos esta estaba estan estar estas este esto estos fue fueron ha habia han has hay ' +
    'he la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra otras otro ' +
    'otros para pero poco por porque que quien quienes se sea ser si sin sobre son su sus tambien ' +
    'te tengo ti tiene tienen todo todos tu tus un una unas uno unos usted y ya yo puedo puede ' +
    'tenia mio mia ' +
    // What a question wraps its subject in: «¿hay alguna forma de…?», «quiero saber…», «a la vez».
    'traves vez hacer hago quiero queria necesito saber manera forma modo cosa cosas alguien ' +
    'estoy hay'
  ).split(' '),
);

/** A text as its words are taken from it: NFC and lower case. */
export { wordText };

/** The words of a text, NFC and lower case, in order (a `TokenTable` scan of `wordText` finds the same). */
export function words(text: string): string[] {
  return wordText(text).match(WORD_RE) ?? [];
}

/** True for words a query can do without (`de`, `la`, `cómo`…), compared folded. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(foldTerm(word));
}

/** `-cion`/`-sion` typed (or written) without the accent Snowball needs to see the suffix. */
const UNACCENTED_ION = /[cs]ion$/;

/** `organizacion` → `organización`: the one accent worth restoring before stemming. */
function reaccent(folded: string): string {
  return UNACCENTED_ION.test(folded) ? `${folded.slice(0, -2)}ón` : folded;
}

const cache = new Map<string, string[]>();
/** How many analysed words are remembered (a vault repeats its vocabulary a lot). */
const CACHE_LIMIT = 50_000;

/**
 * The index terms of one word (already NFC and lower case): its folded stem,
 * and the stem of its folded form when that differs. Stemming is the costly
 * part of indexing, so results are cached.
 */
export function termsOf(word: string): string[] {
  const known = cache.get(word);
  if (known) return known;
  const folded = foldTerm(word);
  const a = foldTerm(stemmer(word));
  const b = folded === word && !UNACCENTED_ION.test(word) ? a : foldTerm(stemmer(reaccent(folded)));
  const terms = a === b ? [a] : [a, b];
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, terms);
  return terms;
}

/** minisearch's `processTerm` for indexing: the token's terms. */
export function indexTerms(token: string): string[] {
  return termsOf(token.normalize('NFC').toLowerCase());
}

/**
 * One query word and the terms that may match it. `terms`: its index terms
 * and, when it differs, the folded word itself (a typo throws the stemmer off,
 * `guitara` → `guit`, but the whole word is still one edit from the stem
 * `guitarr`, which fuzzy matching finds). `related`: the stems of its other
 * forms (`cerrar` → `cierr`, `imagen` → `imagen`), and `synonyms`: those of
 * its synonyms; both weigh less than the word as typed.
 */
export interface QueryWord {
  word: string;
  terms: string[];
  related: string[];
  synonyms: string[];
}

/** The index terms of `folded`'s other forms that are not already among `terms`. */
function relatedTerms(folded: string, terms: readonly string[]): string[] {
  const out = new Set<string>();
  for (const form of relatedForms(folded)) for (const t of termsOf(form)) out.add(t);
  for (const t of terms) out.delete(t);
  return [...out];
}

/** What query analysis needs of the user's synonym groups (`SynonymTable` gives it). */
export interface SynonymExpander {
  /** The index terms of the synonyms of `word` (folded) that are not among `terms`, its own. */
  expand(word: string, terms: readonly string[]): string[];
}

/**
 * The words of a query that count: stop-words dropped unless the query has
 * nothing else (`¿qué es la nada?` still searches something). `synonyms`
 * adds each word's synonyms from the user's table.
 */
export function analyzeQuery(query: string, synonyms?: SynonymExpander): QueryWord[] {
  const all = words(query);
  const meaningful = all.filter((w) => !isStopWord(w));
  return (meaningful.length > 0 ? meaningful : all).map((word) => {
    const terms = termsOf(word);
    const folded = foldTerm(word);
    const variants = terms.includes(folded) ? [...terms] : [...terms, folded];
    // The stemmer left the word whole (often a typo: `archvo`): its likely stem
    // without the final vowel is one edit from the real one (`archv` → `archiv`),
    // where the whole word is two.
    const bare = folded.replace(TYPO_ENDING, '');
    if (terms.length === 1 && terms[0] === folded && bare.length >= MIN_BARE && bare !== folded) {
      variants.push(bare);
    }
    const related = relatedTerms(folded, variants);
    const known = new Set([...variants, ...related]);
    const synonymTerms = (synonyms?.expand(folded, terms) ?? []).filter((t) => !known.has(t));
    return { word, terms: variants, related, synonyms: synonymTerms };
  });
}

/** The vowel (and plural `s`) Snowball strips from most nouns and adjectives. */
const TYPO_ENDING = /[aeo]s?$/;
/** Shorter stems than this are left alone: they match too many words by one edit. */
const MIN_BARE = 4;
