import { VAULT_FOLDERS } from '../server/vault/vault-init.ts';
import { seededRandom } from '../testing/server/seeded-random.ts';
import { tldrPages } from './corpus/tldr-pages.ts';

/**
 * A generated Spanish vault for the search benchmark: `count` notes of about
 * 2 KB in SOMA's folders, some with front matter tags, from a seeded random
 * generator so every run indexes the same text. Never committed.
 *
 * Words follow a Zipf distribution over a vocabulary of ~25,000 words, as a
 * real vault's do: a head of real Spanish words (the most frequent words of
 * the tldr-es pages in bench/corpus/, read at generation time, plus the themed
 * words the queries look for, spread over mid and low ranks) and a tail of generated,
 * plausible Spanish-looking words, most of them rare.
 */

/** The vault's top-level folders, as SOMA creates them. */
const FOLDERS = VAULT_FOLDERS.filter((f) => !f.includes('/'));

/** How many distinct words the vocabulary has. */
export const VOCABULARY_SIZE = 25_000;
/** Zipf exponent and rank offset (Zipf–Mandelbrot), about what Spanish prose shows. */
const ZIPF_S = 1.0;
const ZIPF_Q = 2.7;

/** Words the queries look for: each gets a fixed rank, so some are common and some rare. */
const THEMED = (
  'bóveda memoria recuerdo sueño sueños faro niebla mar montaña río árbol árboles jardín huerto tomate ' +
  'tomates lechuga albahaca cocina receta tortilla patatas cebolla café té pan mañana tarde noche ' +
  'invierno verano otoño primavera lluvia sol luna estrellas camino ciudad pueblo casa abuela madre ' +
  'padre hermano amiga trabajo reunión proyecto informe presupuesto ahorro dinero alquiler impuestos ' +
  'declaración renta viaje viajes tren avión maleta perú lima sevilla cádiz madrid playa arena ' +
  'guitarra canción canciones música acordes lectura libro libros novela escritura cuento poema ' +
  'meditación respiración calma ansiedad miedo alegría tristeza gratitud paciencia curiosidad ' +
  'entrenamiento maratón correr nadar natación bicicleta rueda pinchazo reparar arreglar ' +
  'programación aplicación datos copia seguridad recuperación archivos fotos fotografía cámara ' +
  'perro gato veterinario vacuna salud médico insomnio dormir descanso hábito hábitos rutina ' +
  'organización estudio escritorio mudanza cajas piso vecinos idioma inglés vocabulario examen ' +
  'niñez infancia niño niños escuela maestra pregunta respuesta idea ideas decisión tensión paso ' +
  'recuperar organizar meditar viajar cocinar escribir leer aprender entrenar ahorrar plantar regar ' +
  'recordé escribí planté cociné viajamos aprendimos corrimos soñé volaba caminaba pensaba'
).split(' ');

/** Themed words placed deep in the tail: a query for them hits a handful of notes. */
const RARE = new Set(['bóveda', 'pinchazo', 'veterinario', 'albahaca', 'insomnio', 'mudanza']);

/** Function words that open the ranking (real Spanish prose starts with these). */
const HEAD =
  'de la que el en y a los se del las un por con no una su para es al lo como más o pero sus le ha me si sin sobre este ya entre cuando todo esta ser son dos también fue había era muy años hasta desde está mi porque qué sólo han yo hay vez puede todos así nos ni parte tiene él uno donde bien tiempo mismo ese ahora cada e vida otro después te otros aunque esa eso hace otra gobierno tan durante siempre día tanto ella tres sí dijo sido gran país según menos mundo año antes'.split(
    ' ',
  );

/** The tldr-es pages' prose words by frequency (most frequent first). */
function corpusWords(): string[] {
  const counts = new Map<string, number>();
  for (const text of Object.values(tldrPages())) {
    for (const line of text.split('\n')) {
      // Descriptions only ("> …" and "- …"), not the commands in backticks.
      if (!line.startsWith('>') && !line.startsWith('-')) continue;
      const prose = line.replace(/`[^`]*`|<[^>]*>|\{\{[^}]*\}\}|\[[^\]]*\]/g, ' ');
      for (const w of prose
        .normalize('NFC')
        .toLowerCase()
        .match(/\p{L}+/gu) ?? []) {
        if (w.length >= 2 && /^[a-záéíóúüñ]+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
      }
    }
  }
  return [...counts]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w);
}

const ONSETS = 'b c d f g l m n p r s t v ch ll br bl cr cl dr fr gr pl pr tr qu j z ñ'.split(' ');
const VOWELS = 'a e i o u a e o a ia ie ue io'.split(' ');
const CODAS = ['', '', '', '', 'n', 's', 'r', 'l'];
const ENDINGS =
  'a o e os as ar er ir ado ada ido ida ción dad mente ero era ismo oso osa ante encia al ible'.split(
    ' ',
  );

/** A plausible Spanish-looking word from syllables and a common ending. */
function inventWord(rnd: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const syllables = 1 + Math.floor(rnd() * 3);
  let w = '';
  for (let i = 0; i < syllables; i++) w += pick(ONSETS) + pick(VOWELS) + (i > 0 ? pick(CODAS) : '');
  return w + pick(ENDINGS);
}

/** The vocabulary by rank (most frequent first): real words, themed words at fixed ranks, invented tail. */
function vocabulary(rnd: () => number): string[] {
  const themed = new Set(THEMED);
  const seen = new Set<string>();
  const real: string[] = [];
  for (const w of [...HEAD, ...corpusWords()]) {
    if (!seen.has(w) && !themed.has(w)) {
      seen.add(w);
      real.push(w);
    }
  }
  for (const w of THEMED) seen.add(w);
  const tail: string[] = [];
  while (real.length + tail.length + THEMED.length < VOCABULARY_SIZE) {
    const w = inventWord(rnd);
    if (!seen.has(w)) {
      seen.add(w);
      tail.push(w);
    }
  }
  const ranked = [...real, ...tail];
  // Themed words from rank ~150 to ~5,000 (tens to hundreds of notes each); rare ones near 15,000+.
  let common = 0;
  let rare = 0;
  const slots: [number, string][] = THEMED.map((w) =>
    RARE.has(w) ? [15_000 + 1_500 * rare++, w] : [150 + 23 * common++, w],
  );
  for (const [rank, w] of slots.sort((a, b) => a[0] - b[0])) ranked.splice(rank, 0, w);
  return ranked.slice(0, VOCABULARY_SIZE);
}

/** A sampler of words by Zipf–Mandelbrot rank (cumulative weights, binary search). */
function zipf(words: readonly string[], rnd: () => number): () => string {
  const cdf = new Float64Array(words.length);
  let sum = 0;
  for (let r = 0; r < words.length; r++) {
    sum += 1 / (r + 1 + ZIPF_Q) ** ZIPF_S;
    cdf[r] = sum;
  }
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
}

/** path → content of `count` notes. */
export function spanishVault(count: number, seed = 42): Record<string, string> {
  const rnd = seededRandom(seed);
  const words = vocabulary(rnd);
  const pick = zipf(words, rnd);
  // Titles, headings and tags from content words (skip the function-word head).
  const content = zipf(words.slice(HEAD.length), rnd);
  const sentence = () => {
    const n = 6 + Math.floor(rnd() * 12);
    const s = Array.from({ length: n }, pick).join(' ');
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  };
  const notes: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const folder = FOLDERS[i % FOLDERS.length]!;
    const title = `${content()} ${content()} ${i}`;
    const parts: string[] = [];
    if (rnd() < 0.4) parts.push(`---\ntags: [${content()}, ${content()}]\n---\n`);
    parts.push(`# ${title}\n\n`);
    let length = parts.join('').length;
    while (length < 1900) {
      const part =
        rnd() < 0.1
          ? `## ${content()} ${content()}\n\n`
          : `${Array.from({ length: 3 }, sentence).join(' ')}\n\n`;
      parts.push(part);
      length += part.length;
    }
    notes[`${folder}/${title}.md`] = parts.join('');
  }
  return notes;
}

/**
 * The fixed query list: common and rare words, with and without accents,
 * plurals, verb/noun pairs, a typo, multi-word questions with stop-words.
 */
export const BENCH_QUERIES = [
  'boveda',
  'bóveda',
  'memoria',
  'recuerdos',
  'sueno',
  'faro niebla',
  'jardin',
  'tomates',
  'receta de tortilla',
  'cafe',
  'reunion',
  'presupuesto mensual',
  'declaracion de la renta',
  'viajar a peru',
  'guitara',
  'canciones',
  'lectura',
  'meditacion',
  'respiracion calma',
  'maraton',
  'bicicleta pinchazo',
  'recuperar fotos',
  'copia de seguridad',
  'veterinario',
  'insomnio',
  'organizacion del estudio',
  'mudanza',
  'ingles',
  'ninez',
  'la casa de la abuela',
  'archivo',
  'albahaca',
];

/** Queries for the tldr-es corpus (command-line help pages in Spanish). */
export const TLDR_QUERIES = [
  'memoria',
  'archivo comprimido',
  'directorio',
  'contraseña',
  'contrasena',
  'descargar',
  'paquete',
  'proceso',
  'usuario',
  'servidor',
  'conexion ssh',
  'rama de git',
  'contenedor',
  'convertir video',
  'buscar archivos',
  'permisos',
  'compresion',
  'instalar paquetes',
  'archvo',
  'certificado',
  'puerto',
  'base de datos',
  'variables de entorno',
  'disco',
  'copia de seguridad',
  'repositorio',
  'pantalla',
  'imagen',
  'red inalambrica',
  'mostrar la ayuda',
];

/**
 * `count` «¿Era esta?» pairs over a generated vault, as a user would store them: a note's
 * title words (without its number) and the first two words of its body longer than four
 * letters, the note the answer. Notes are taken evenly through the vault, each question
 * once (so a little under `count` if two notes gave the same one). Common words shared
 * with other notes put some of them below the first (at 1k, 96 % come in the first five).
 */
export function storedQuestions(
  notes: Record<string, string>,
  count: number,
): { query: string; path: string }[] {
  const paths = Object.keys(notes);
  const step = Math.max(1, Math.floor(paths.length / count));
  const seen = new Set<string>();
  const pairs: { query: string; path: string }[] = [];
  for (let i = 0; pairs.length < count && i * step < paths.length; i++) {
    const path = paths[i * step]!;
    const content = notes[path]!;
    const title = (content.match(/^# (.+)$/m)?.[1] ?? '').replace(/\s\d+$/, '');
    const body = content.slice(content.indexOf('\n\n') + 2);
    const words = (body.match(/\p{L}{5,}/gu) ?? []).slice(0, 2).map((w) => w.toLowerCase());
    const query = [title, ...words].join(' ');
    if (seen.has(query)) continue;
    seen.add(query);
    pairs.push({ query, path });
  }
  return pairs;
}
