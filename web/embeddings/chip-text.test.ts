import { describe, expect, it } from 'vitest';
import { type EmbedStatus, embeddingsOffStatus } from '../../common/embedding-schemas.ts';
import { embedEn } from '../i18n/embed-en.ts';
import { embedEs } from '../i18n/embed-es.ts';
import { en as english } from '../i18n/en.ts';
import { es, type MessageKey } from '../i18n/es.ts';
import { type MessageParams, translate } from '../i18n/translate.ts';
import { chipText } from './chip-text.ts';

const t = (key: MessageKey, params?: MessageParams) =>
  translate({ ...es, ...embedEs }, key, params);
const number = (n: number) => n.toLocaleString('es');
const on = (over: Partial<EmbedStatus>): EmbedStatus => ({
  ...embeddingsOffStatus(),
  configured: true,
  enabled: true,
  consent: 'not_needed',
  state: 'embedding',
  progress: { notesDone: 812, notesTotal: 10_000, chunks: 1_700 },
  lastError: null,
  ...over,
});

describe('chipText', () => {
  it('says how much semantic search covers, or why search is by words only', () => {
    expect(chipText(null, t, number)).toBe('');
    expect(chipText(embeddingsOffStatus(), t, number)).toBe('Búsqueda solo por palabras');
    expect(chipText(on({}), t, number)).toBe('Búsqueda semántica: 812 de 10.000 notas');
    expect(chipText(on({ enabled: false, state: 'paused' }), t, number)).toBe(
      'Búsqueda semántica en pausa: solo por palabras',
    );
    // Consent withdrawn after vectors were made: queries are refused, so words only.
    expect(chipText(on({ consent: 'needed' }), t, number)).toBe(
      'Solo por palabras: la búsqueda semántica espera tu permiso',
    );
  });

  it('tells a failing embedder from a paused one, with the server’s reason', () => {
    const failing = on({
      state: 'failing',
      lastError: { code: 'server_error', params: { status: 500 } },
    });
    expect(chipText(failing, t, number)).toBe(
      'Búsqueda semántica con errores, solo por palabras: El servicio falló (HTTP 500); se reintenta solo.',
    );
    const en = (key: MessageKey, params?: MessageParams) =>
      translate({ ...english, ...embedEn }, key, params);
    expect(chipText(failing, en, number)).toBe(
      'Semantic search failing, words only: The service failed (HTTP 500); retrying by itself.',
    );
  });
});
