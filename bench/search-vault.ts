import { VAULT_FOLDERS } from '../server/vault/vault-init.ts';

/**
 * A generated Spanish vault for the search benchmark: `count` notes of about
 * 2 KB in SOMA's folders, some with front matter tags, from a seeded random
 * generator so every run indexes the same text. Never committed.
 */

/** The vault's top-level folders, as SOMA creates them. */
const FOLDERS = VAULT_FOLDERS.filter((f) => !f.includes('/'));

const WORDS = (
  'bóveda memoria recuerdo sueño sueños faro niebla mar montaña río árbol árboles jardín huerto tomate ' +
  'tomates lechuga albahaca cocina receta tortilla patatas cebolla café té pan mañana tarde noche ' +
  'invierno verano otoño primavera lluvia sol luna estrellas camino ciudad pueblo casa abuela madre ' +
  'padre hermano amiga trabajo reunión proyecto informe presupuesto ahorro dinero alquiler impuestos ' +
  'declaración renta viaje viajes tren avión maleta Perú Lima Sevilla Cádiz Madrid playa arena ' +
  'guitarra canción canciones música acordes lectura libro libros novela escritura cuento poema ' +
  'meditación respiración calma ansiedad miedo alegría tristeza gratitud paciencia curiosidad ' +
  'entrenamiento maratón correr nadar natación bicicleta rueda pinchazo reparar arreglar ' +
  'programación aplicación datos copia seguridad recuperación archivos fotos fotografía cámara ' +
  'perro gato veterinario vacuna salud médico insomnio dormir descanso hábito hábitos rutina ' +
  'organización estudio escritorio mudanza cajas piso vecinos idioma inglés vocabulario examen ' +
  'niñez infancia niño niños escuela maestra pregunta respuesta idea ideas decisión tensión paso ' +
  'el la los las un una de del en con por para que y o pero como más muy también siempre nunca ' +
  'recuperar organizar meditar viajar cocinar escribir leer aprender entrenar ahorrar plantar regar ' +
  'recordé escribí planté cociné viajamos aprendimos corrimos soñé volaba caminaba pensaba'
).split(' ');

/** A small seeded PRNG (mulberry32): the same vault on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** path → content of `count` notes. */
export function spanishVault(count: number, seed = 42): Record<string, string> {
  const rnd = random(seed);
  const pick = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  const sentence = () => {
    const n = 6 + Math.floor(rnd() * 12);
    const s = Array.from({ length: n }, pick).join(' ');
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  };
  const notes: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const folder = FOLDERS[i % FOLDERS.length]!;
    const title = `${pick()} ${pick()} ${i}`;
    const parts: string[] = [];
    if (rnd() < 0.4) parts.push(`---\ntags: [${pick()}, ${pick()}]\n---\n`);
    parts.push(`# ${title}\n\n`);
    while (parts.join('').length < 1900) {
      if (rnd() < 0.1) parts.push(`## ${pick()} ${pick()}\n\n`);
      parts.push(`${Array.from({ length: 3 }, sentence).join(' ')}\n\n`);
    }
    notes[`${folder}/${title}.md`] = parts.join('');
  }
  return notes;
}

/** The fixed query list: single words with and without accents, plurals, prefixes, questions. */
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
  'guitarra',
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
];
