import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../common/api-schemas.ts';
import { ApiError } from '../lib/api-error.ts';
import { describeError, errorMessageKey } from './describe-error.ts';
import { en } from './en.ts';
import { es, type MessageKey } from './es.ts';
import { type MessageParams, translate } from './translate.ts';

const tEs = (key: MessageKey, params?: MessageParams) => translate(es, key, params);
const tEn = (key: MessageKey, params?: MessageParams) => translate(en, key, params);

describe('error-message', () => {
  it('has a message for every error code the API can send', () => {
    for (const code of errorCodes) expect(errorMessageKey(code), code).not.toBeNull();
  });

  it('explains a network failure as the server being unreachable', () => {
    const error = new ApiError('network', 'Failed to fetch', 0);
    expect(describeError(error, tEs)).toBe(
      'No se puede contactar con el servidor de SOMA. ¿Sigue en marcha?',
    );
    expect(describeError(error, tEn)).toBe(en['error.network']);
  });

  it('translates known codes instead of showing the server message', () => {
    const error = new ApiError('not_a_note', 'File is binary', 415);
    expect(describeError(error, tEs)).toBe(es['error.not_a_note']);
  });

  it('falls back to the server message for an unknown code', () => {
    const error = new ApiError('teapot', 'Soy una tetera', 418);
    expect(describeError(error, tEs)).toBe('Soy una tetera');
  });

  it('falls back to a generic message for anything else', () => {
    expect(describeError(new Error('boom'), tEs)).toBe(es['error.unknown']);
    expect(describeError(new ApiError('teapot', '  ', 418), tEs)).toBe(es['error.unknown']);
  });

  it('does not treat inherited object keys as error codes', () => {
    expect(errorMessageKey('toString')).toBeNull();
    expect(errorMessageKey('__proto__')).toBeNull();
  });
});

describe('describeError of an answer', () => {
  const failures = [
    { link: 'Groq', failure: { code: 'missing_key' as const, params: { env: 'GROQ_API_KEY' } } },
    { link: 'Local (m)', failure: { code: 'timeout' as const, params: { seconds: 2 } } },
  ];

  it('lists every failed link of the chain, in the UI language', () => {
    const error = { code: 'all_failed', message: 'Ningún proveedor pudo contestar: …', failures };
    expect(describeError(error, tEn, { during: 'answer' })).toBe(
      'No provider could answer:\n- Groq: the environment variable GROQ_API_KEY is not set\n- Local (m): no answer in 2 s',
    );
  });

  it('words a lost stream as an interrupted answer, not as an unreachable server', () => {
    const error = { code: 'network', message: 'stream ended early' };
    expect(describeError(error, tEn, { during: 'answer' })).toBe(en['chatError.network']);
    expect(describeError(error, tEn)).toBe(en['error.network']);
  });
});

describe('describeError with params', () => {
  it('words the reason the server gives, filled with its params, in each language', () => {
    const error = new ApiError('invalid_path', 'Ruta no válida: …', 400, undefined, {
      reason: 'hidden',
      name: '.git',
    });
    expect(describeError(error, tEn)).toBe(
      'Invalid path: hidden folders and files (“.git”) are not served.',
    );
    expect(describeError(error, tEs)).toBe(
      'Ruta no válida: las carpetas y archivos ocultos («.git») no se sirven.',
    );
  });

  it('falls back to the code’s general words for a reason it does not know', () => {
    const error = new ApiError('invalid_path', 'x', 400, undefined, { reason: 'toString' });
    expect(describeError(error, tEn)).toBe(en['error.invalid_path']);
  });
});
