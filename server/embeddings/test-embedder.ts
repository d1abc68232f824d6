import { createHash } from 'node:crypto';
import { foldText } from '../../common/fold-text.ts';
import type { Embedder, EmbedPurpose } from './embedder.ts';

/**
 * A deterministic embedder for CI, e2e and the bench (no model can be had there). Words
 * map to concepts through a small Spanish table, so «coche» and «automóvil» land on the
 * same dimensions and a note sharing no word with a query can still be its nearest
 * neighbour; other words are concepts of their own. Each concept is hashed onto a few
 * signed dimensions (feature hashing).
 */
const CONCEPTS: Record<string, readonly string[]> = {
  vehiculo: ['coche', 'automovil', 'vehiculo', 'auto', 'carro', 'turismo', 'furgoneta'],
  perro: ['perro', 'can', 'cachorro', 'chucho'],
  gato: ['gato', 'felino', 'minino'],
  casa: ['casa', 'hogar', 'vivienda', 'domicilio', 'piso'],
  comida: ['comida', 'alimento', 'almuerzo', 'cena', 'receta', 'plato'],
  trabajo: ['trabajo', 'empleo', 'oficio', 'curro', 'ocupacion'],
  dinero: ['dinero', 'plata', 'pasta', 'ahorro', 'presupuesto', 'gasto'],
  medico: ['medico', 'doctor', 'salud', 'hospital', 'clinica', 'enfermedad'],
  viaje: ['viaje', 'excursion', 'vacaciones', 'travesia', 'trayecto'],
  libro: ['libro', 'novela', 'lectura', 'ensayo', 'obra'],
  musica: ['musica', 'cancion', 'melodia', 'concierto', 'disco'],
  sueno: ['sueno', 'dormir', 'descanso', 'siesta', 'insomnio'],
  miedo: ['miedo', 'temor', 'panico', 'ansiedad', 'angustia'],
  alegria: ['alegria', 'felicidad', 'gozo', 'contento', 'dicha'],
  ordenador: ['ordenador', 'computadora', 'portatil', 'pc'],
  idea: ['idea', 'concepto', 'nocion', 'pensamiento'],
};

/** Words too common to mean anything. */
const STOPWORDS = new Set(
  'el la los las un una unos unas de del al a en y o u que con por para sin sobre mi mis tu tus su sus es son fue ser lo le les se me te nos como mas pero muy ya no si este esta esto ese esa eso'.split(
    ' ',
  ),
);

/** Every word of the concept table, folded (a test model's vocabulary is made of them). */
export const CONCEPT_WORDS: readonly string[] = Object.values(CONCEPTS).flat();

const WORD_TO_CONCEPT = new Map<string, string>();
for (const [concept, words] of Object.entries(CONCEPTS)) {
  for (const w of words) WORD_TO_CONCEPT.set(w, concept);
}

/** Dimensions each concept touches: few enough that unrelated concepts rarely collide. */
const SLOTS_PER_CONCEPT = 3;

/** Case- and accent-folded words (the concept table is written folded). */
function words(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

/** A word's concept: from the table (plural or not), else the word itself. */
function conceptOf(word: string): string {
  const singular = word.endsWith('es')
    ? word.slice(0, -2)
    : word.endsWith('s')
      ? word.slice(0, -1)
      : word;
  return WORD_TO_CONCEPT.get(word) ?? WORD_TO_CONCEPT.get(singular) ?? `w:${singular}`;
}

/** Signed slots per concept and dimension count, memoised: hashing dominated the bench. */
const slotCache = new Map<string, Int32Array>();
const SLOT_CACHE_MAX = 200_000;

/** A concept's slots as `±(slot + 1)`, the sign from the hash. */
function slotsOf(concept: string, dimensions: number): Int32Array {
  const key = `${dimensions}:${concept}`;
  let slots = slotCache.get(key);
  if (!slots) {
    const digest = createHash('sha256').update(concept).digest();
    slots = new Int32Array(SLOTS_PER_CONCEPT);
    for (let s = 0; s < SLOTS_PER_CONCEPT; s++) {
      const slot = (digest.readUInt32LE(s * 4) % dimensions) + 1;
      slots[s] = (digest[16 + s] as number) & 1 ? slot : -slot;
    }
    if (slotCache.size >= SLOT_CACHE_MAX) slotCache.clear();
    slotCache.set(key, slots);
  }
  return slots;
}

/** One text's vector: the sum of its concepts' signed slots (unnormalised). */
export function testVector(text: string, dimensions: number): Float32Array {
  const v = new Float32Array(dimensions);
  for (const w of words(text)) {
    for (const signed of slotsOf(conceptOf(w), dimensions)) {
      const slot = Math.abs(signed) - 1;
      v[slot] = (v[slot] as number) + Math.sign(signed);
    }
  }
  return v;
}

/** The test embedder behind the Embedder interface. */
export function createTestEmbedder(opts: { dimensions: number; batchSize: number }): Embedder {
  return {
    kind: 'test',
    model: `test-concepts-${opts.dimensions}`,
    dimensions: opts.dimensions,
    batchSize: opts.batchSize,
    local: true,
    endpoint: null,
    async embed(texts: string[], _purpose: EmbedPurpose) {
      return texts.map((t) => testVector(t, opts.dimensions));
    },
  };
}
