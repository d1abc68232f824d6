import { wordPart } from './word-part.ts';

/**
 * The words of the «¿Era esta?» figures panel in the search view (how well search finds
 * the user's own questions). Only that view loads them.
 */
export const qualityEs = {
  'quality.title': '¿Encuentra SOMA lo que buscas?',
  'quality.explain':
    'Con tus respuestas «Sí, era esta»: en qué puesto sale la nota que buscabas. Se guardan solo en este portátil.',
  'quality.failed': 'No se pudieron leer tus respuestas.',
  'quality.none':
    'Aún no hay respuestas: abre una nota desde la búsqueda, /buscar o las relacionadas (o adjunta una sugerencia) y pulsa «Sí, era esta».',
  'quality.figures': '{label}: entre las 5 primeras {top5} · MRR {mrr}',
  'quality.words': 'Solo palabras',
  'quality.meaning': 'Palabras y sentido',
  'quality.meaningWith': 'Palabras y sentido ({model})',
  'quality.provisional':
    'Provisional: el servidor aún está calculando los vectores de algunas notas; se recalcula al terminar.',
  'quality.recomputing': 'Ha cambiado el modelo o el arnés: recalculando…',
  'quality.otherModels': 'Con otros modelos que has usado:',
  'quality.modelFigures':
    '{model}: entre las 5 primeras {top5} · MRR {mrr} (preguntas: {count}; {date})',
  'quality.noMeaning': 'Sin vectores: solo se mide la búsqueda por palabras.',
  'quality.rank': 'puesto {rank}',
  'quality.missed': 'no sale entre las 10 primeras',
  'quality.first': '(primero salió {note})',
  'quality.export': 'Exportar (JSON)',
  'quality.erase': 'Borrar todas',
  'quality.eraseConfirm': '¿Borrar todas tus respuestas «Sí, era esta»?',
  'quality.eraseYes': 'Sí, borrarlas',
  'quality.eraseCancel': 'Cancelar',
} as const;

/** The shape of these words: every language provides the same keys as `qualityEs`. */
export type QualityMessages = { readonly [K in keyof typeof qualityEs]: string };
export type QualityKey = keyof QualityMessages;

/** These words as a part of the dictionary that loads apart from the main one. */
export const qualityPart = wordPart(
  qualityEs,
  async () => (await import('./quality-en.ts')).qualityEn,
);
