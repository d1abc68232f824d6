import { describe, expect, it } from 'vitest';
import { describeFailure, describeNotice } from './describe-notice.ts';
import { en } from './en.ts';
import { es, type MessageKey } from './es.ts';
import { type MessageParams, translate } from './translate.ts';

const tEs = (key: MessageKey, params?: MessageParams) => translate(es, key, params);
const tEn = (key: MessageKey, params?: MessageParams) => translate(en, key, params);

describe('web/i18n/describe-notice', () => {
  it('words a turn notice in the language of the dictionary', () => {
    const notice = { code: 'turns_dropped' as const, params: { count: 2 } };
    expect(describeNotice(notice, tEs)).toBe(
      'Se dejaron fuera 2 mensajes antiguos del historial para no superar el límite de contexto.',
    );
    expect(describeNotice(notice, tEn)).toBe(
      '2 older messages of the history were left out to stay within the context limit.',
    );
  });

  it('names cut pasted text by its kind, since it has no label of its own', () => {
    const params = { kind: 'paste', label: 'texto pegado', sent: 10, total: 20 };
    expect(describeNotice({ code: 'attachment_cut', params }, tEn)).toBe(
      '“Pasted text” was cut: 10 of 20 characters were sent.',
    );
    const note = { ...params, kind: 'note', label: 'a.md' };
    expect(describeNotice({ code: 'attachment_cut', params: note }, tEs)).toBe(
      'Se recortó «a.md»: se enviaron 10 de 20 caracteres.',
    );
  });

  it('shows a notice saved as a sentence by an older version as it was saved', () => {
    expect(describeNotice('Se recortó algo.', tEn)).toBe('Se recortó algo.');
  });

  it('words link failures with their params and the provider’s own detail', () => {
    expect(describeFailure({ code: 'rate_limited', params: { retryAfter: 3 } }, tEn)).toBe(
      'rate limit reached (you can retry in 3 s)',
    );
    expect(describeFailure({ code: 'rate_limited', params: {} }, tEs)).toBe(
      'límite de uso alcanzado',
    );
    const failure = {
      code: 'upstream_error' as const,
      params: { status: 502, detail: 'Bad gateway' },
    };
    expect(describeFailure(failure, tEn)).toBe('server error (HTTP 502): Bad gateway');
  });
});
