import type { QualityMessages } from './quality-es.ts';

/** The words of the «¿Era esta?» figures panel, in English. Typed against `qualityEs`. */
export const qualityEn = {
  'quality.title': 'Does SOMA find what you look for?',
  'quality.explain':
    'From your «Yes, this one» answers: where the note you wanted comes. Kept on this laptop only.',
  'quality.failed': 'Your answers could not be read.',
  'quality.none':
    'No answers yet: open a note from search, /buscar or related notes (or attach a suggestion) and press «Yes, this one».',
  'quality.figures': '{label}: in the first 5 {top5} · MRR {mrr}',
  'quality.words': 'Words only',
  'quality.meaning': 'Words and meaning',
  'quality.meaningWith': 'Words and meaning ({model})',
  'quality.provisional':
    'Provisional: the server is still computing some notes’ vectors; recomputed when it ends.',
  'quality.recomputing': 'The model or the harness changed: recomputing…',
  'quality.otherModels': 'With other models you have used:',
  'quality.modelFigures': '{model}: in the first 5 {top5} · MRR {mrr} (questions: {count}; {date})',
  'quality.noMeaning': 'No vectors: only search by words is measured.',
  'quality.rank': 'position {rank}',
  'quality.missed': 'not in the first 10',
  'quality.first': '({note} came first)',
  'quality.export': 'Export (JSON)',
  'quality.erase': 'Erase all',
  'quality.eraseConfirm': 'Erase all your «Yes, this one» answers?',
  'quality.eraseYes': 'Yes, erase them',
  'quality.eraseCancel': 'Cancel',
} as const satisfies QualityMessages;
