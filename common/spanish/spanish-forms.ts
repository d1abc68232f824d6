/**
 * Other spellings of the same Spanish word that Snowball stems apart, for
 * query-time expansion (the index keeps one stem per word; a query looks for
 * the stems of the forms it could have been written in):
 *
 * - verbs: `cerrar` is stemmed `cerr` but `cierra` `cierr` (e→ie, o→ue, e→i
 *   stem changes), and short verbs are left whole (`usar`, `usa`, `usado` are
 *   three terms), so a question in the infinitive missed a note in the third
 *   person and the other way round;
 * - plurals Snowball does not join: `imagen`/`imágenes`, `vez`/`veces`,
 *   `interfaz`/`interfaces`;
 * - apocopes (`gran`/`grande`, `primer`/`primero`), a closed list.
 *
 * All input is folded (no accents, lower case); the forms are guesses, and a
 * guess only matters when the index holds its stem, so a wrong one costs a
 * term lookup, not a wrong hit.
 */

/** Present (3rd person, 1st person), participle and gerund endings by conjugation. */
const ENDINGS = {
  ar: ['ar', 'a', 'an', 'o', 'as', 'ado', 'ada', 'ando'],
  er: ['er', 'e', 'en', 'o', 'es', 'ido', 'ida', 'iendo'],
  ir: ['ir', 'e', 'en', 'o', 'es', 'ido', 'ida', 'iendo'],
} as const;
type Conjugation = keyof typeof ENDINGS;

/** A conjugated form's ending and the conjugations it may belong to, longest first. */
const CONJUGATED: [string, Conjugation[]][] = [
  ['iendo', ['er', 'ir']],
  ['ando', ['ar']],
  ['ado', ['ar']],
  ['ada', ['ar']],
  ['ido', ['er', 'ir']],
  ['ida', ['er', 'ir']],
  ['ar', ['ar']],
  ['er', ['er']],
  ['ir', ['ir']],
  ['an', ['ar']],
  ['en', ['er', 'ir']],
  ['as', ['ar']],
  ['es', ['er', 'ir']],
  ['a', ['ar']],
  ['e', ['er', 'ir']],
  ['o', ['ar', 'er', 'ir']],
];

/** Roots shorter than this are left alone: `v`, `d` would conjugate into unrelated words. */
const MIN_ROOT = 2;

/** The root with its last vowel changed: e→ie, o→ue, e→i (stressing) or back (unstressing). */
function vowelChanges(root: string): string[] {
  const out: string[] = [];
  // `qu`, `gu` before e/i are spellings of one consonant (`requerir`, `sigue`), not diphthongs.
  const m = root.match(/^(.*?)((?<![qg])(?:ie|ue)|[aeiou])([^aeiou]*)$/);
  if (!m) return out;
  const [, head, vowel, tail] = m as unknown as [string, string, string, string];
  if (vowel === 'e') out.push(`${head}ie${tail}`, `${head}i${tail}`);
  else if (vowel === 'o') out.push(`${head}ue${tail}`);
  else if (vowel === 'ie' || vowel === 'i') out.push(`${head}e${tail}`);
  else if (vowel === 'ue') out.push(`${head}o${tail}`);
  return out;
}

/**
 * The forms of the verb `root` + `conj`, and the same endings on the root
 * with its vowel changed (`cerr` → `cierr`, `cierr` → `cerr`): more forms than
 * Spanish has, but a form no note uses matches nothing.
 */
function conjugate(root: string, conj: Conjugation): string[] {
  return [root, ...vowelChanges(root)].flatMap((r) => ENDINGS[conj].map((e) => r + e));
}

/** Verb forms sharing a lemma with `word`, if it reads as a verb form. */
function verbForms(word: string): string[] {
  for (const [ending, conjs] of CONJUGATED) {
    if (!word.endsWith(ending)) continue;
    const root = word.slice(0, -ending.length);
    if (root.length < MIN_ROOT || !/[aeiou]/.test(root)) return [];
    return conjs.flatMap((c) => conjugate(root, c));
  }
  return [];
}

/** Singular and plural of `word` (folded), as Spanish spells them. */
function numberForms(word: string): string[] {
  if (word.endsWith('ces')) return [`${word.slice(0, -3)}z`];
  if (/[^aeiou]es$/.test(word)) return [word.slice(0, -2)];
  if (word.endsWith('s')) return [word.slice(0, -1)];
  if (word.endsWith('z')) return [`${word.slice(0, -1)}ces`];
  if (/[aeiou]$/.test(word)) return [`${word}s`];
  return [`${word}es`];
}

/** Short forms before a noun, and their full forms (folded). */
const APOCOPES: Record<string, string> = {
  gran: 'grande',
  primer: 'primero',
  tercer: 'tercero',
  buen: 'bueno',
  mal: 'malo',
  algun: 'alguno',
  ningun: 'ninguno',
  cualquier: 'cualquiera',
  san: 'santo',
};
const FULL_FORMS = new Map(Object.entries(APOCOPES).map(([short, full]) => [full, short]));

/**
 * Forms of the same word the stemmer may not join with `folded` (a folded,
 * lower-case word): verb forms, singular/plural, apocope. May include
 * `folded` itself and non-words; the caller stems and deduplicates them.
 */
export function relatedForms(folded: string): string[] {
  if (folded.length < 3 || /\d/.test(folded)) return [];
  const forms = [...numberForms(folded), ...verbForms(folded)];
  const apocope = APOCOPES[folded] ?? FULL_FORMS.get(folded);
  if (apocope) forms.push(apocope);
  return forms;
}

/** Endings of the forms of a verb a note or a question is likeliest to use, by conjugation (folded). */
const VERB_INFLECTIONS = {
  ar: 'ar o as a amos ais an e es emos en ado ada ados adas ando aba aban aste aron ara are aria',
  er: 'er o es e emos eis en a as amos an ido ida idos idas iendo ia ian i io ieron era eria',
  ir: 'ir o es e imos is en a as amos an ido ida idos idas iendo ia ian i io ieron ira iria',
} as const satisfies Record<Conjugation, string>;

/**
 * The forms of a dictionary word (folded): itself, singular and plural, and,
 * for an infinitive, its common conjugated forms (with the stem's vowel
 * changed as well: `cerrar` → `cierra`). Unlike `relatedForms`, a word is
 * read as a verb only when it is an infinitive: `comando` is a noun, not a
 * form of a verb `comar`.
 */
export function inflections(folded: string): string[] {
  const forms = new Set([folded, ...numberForms(folded)]);
  const conj = folded.slice(-2);
  const root = folded.slice(0, -2);
  if (folded.length >= 4 && (conj === 'ar' || conj === 'er' || conj === 'ir')) {
    for (const r of [root, ...vowelChanges(root)])
      for (const e of VERB_INFLECTIONS[conj].split(' ')) forms.add(r + e);
  }
  return [...forms];
}
