import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { es, type MessageKey } from '../i18n/es.ts';
import { type MessageParams, translate } from '../i18n/translate.ts';
import { ApiError } from '../lib/api-error.ts';
import { describeHelpError } from './describe-help-error.ts';

const tEs = (key: MessageKey, params?: MessageParams) => translate(es, key, params);
const tEn = (key: MessageKey, params?: MessageParams) => translate(en, key, params);

describe('web/search-help/describe-help-error', () => {
  it('words a failed link with its name and its failure, as chat words it', () => {
    const error = new ApiError('search_help_failed', '…', 502, undefined, {
      link: 'Groq (llama)',
      failure: 'upstream_error',
      status: 503,
    });
    expect(describeHelpError(error, tEs)).toBe(
      'El modelo no pudo ayudar con la búsqueda (Groq (llama): error del servidor (HTTP 503)).',
    );
    expect(describeHelpError(error, tEn)).toContain('(Groq (llama): ');
  });

  it('words the other codes by their own words, and a failure without params generically', () => {
    const unreadable = new ApiError('search_help_unreadable', '…', 502, undefined, { model: 'm1' });
    expect(describeHelpError(unreadable, tEs)).toBe(
      'El modelo (m1) no devolvió una lista de consultas legible. Puedes volver a intentarlo.',
    );
    expect(describeHelpError(new ApiError('search_help_failed', '…', 502), tEs)).toBe(
      es['error.search_help_failed'],
    );
    expect(describeHelpError(new ApiError('no_provider', '…', 409), tEn)).toBe(
      en['error.no_provider'],
    );
  });
});
