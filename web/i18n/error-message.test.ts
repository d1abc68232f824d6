import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../common/api-schemas.ts';
import { ApiError } from '../lib/api-error.ts';
import { en } from './en.ts';
import { describeError, errorMessageKey } from './error-message.ts';
import { es, type MessageKey } from './es.ts';
import { translate } from './translate.ts';

const tEs = (key: MessageKey) => translate(es, key);
const tEn = (key: MessageKey) => translate(en, key);

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
