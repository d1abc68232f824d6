import { describe, expect, it } from 'vitest';
import {
  type HarnessProblem,
  harnessIssueCodes,
  jsonReasonCodes,
} from '../../common/harness-problem.ts';
import { describeHarnessProblem } from './describe-harness-problem.ts';
import type { MessageKey } from './es.ts';
import { harnessEn as en } from './harness-en.ts';
import { harnessEs as es } from './harness-es.ts';
import { type MessageParams, translate } from './translate.ts';
import type { Words } from './word-part.ts';

const words = (messages: Words) => (key: MessageKey, params?: MessageParams) =>
  translate(messages, key, params);

/** Problems shaped as the server's harness loader sends them. */
const schema: HarnessProblem = {
  kind: 'schema',
  file: 'harness/soma.json',
  issues: [
    {
      path: '$.profiles.tutor.prompt',
      code: 'type',
      params: { expected: 'string', got: 'number' },
    },
    { path: '$.prompts.closing', code: 'required', params: {} },
    { path: '$.history.turns', code: 'too_small', params: { limit: 1, unit: '', got: '0' } },
    { path: '$.version', code: 'invalid_value', params: { input: '2', values: '1', count: 1 } },
    {
      path: '$.defaultProfile',
      code: 'unknown_profile',
      params: { profile: 'poeta', profiles: 'default, tutor' },
    },
  ],
  more: 2,
};
const json: HarnessProblem = {
  kind: 'json',
  file: 'harness/soma.json',
  json: { line: 3, column: 16, reason: { code: 'trailing_comma', params: { close: ']' } } },
  issues: [],
  more: 0,
};
const expected: HarnessProblem = {
  kind: 'json',
  file: 'harness/soma.json',
  json: {
    line: 1,
    column: 8,
    reason: { code: 'expected', params: { expected: 'comma_or_close', close: '}', found: '' } },
  },
  issues: [],
  more: 0,
};

describe('web/i18n/describe-harness-problem', () => {
  it('words schema problems in English, each after its path', () => {
    expect(describeHarnessProblem(schema, words(en))).toBe(
      [
        '$.profiles.tutor.prompt: expected text (string), got a number',
        '$.prompts.closing: this required field is missing',
        '$.history.turns: must be at least 1 (got 0)',
        '$.version: invalid value 2; expected 1',
        '$.defaultProfile: there is no profile «poeta»; profiles: default, tutor',
        'and 2 more problem(s)',
      ].join('; '),
    );
  });

  it('words the same problems in Spanish', () => {
    expect(describeHarnessProblem(schema, words(es))).toBe(
      [
        '$.profiles.tutor.prompt: se esperaba texto (string), llegó número',
        '$.prompts.closing: falta este campo obligatorio',
        '$.history.turns: debe ser al menos 1 (llegó 0)',
        '$.version: valor no válido 2; se esperaba 1',
        '$.defaultProfile: no existe el perfil «poeta»; perfiles: default, tutor',
        'y 2 problema(s) más',
      ].join('; '),
    );
  });

  it('words a JSON error with its line and column in both languages', () => {
    expect(describeHarnessProblem(json, words(en))).toBe(
      'line 3, column 16: invalid JSON: one comma too many before «]»',
    );
    expect(describeHarnessProblem(json, words(es))).toBe(
      'línea 3, columna 16: JSON inválido: sobra la coma antes de «]»',
    );
    expect(describeHarnessProblem(expected, words(en))).toBe(
      'line 1, column 8: invalid JSON: expected «,» or «}» but found the end of the file',
    );
  });

  it('words a missing or unreadable file', () => {
    const missing: HarnessProblem = { kind: 'missing', file: 'x.json', issues: [], more: 0 };
    expect(describeHarnessProblem(missing, words(en))).toBe('the harness file cannot be found');
    expect(
      describeHarnessProblem({ ...missing, kind: 'unreadable', errno: 'EACCES' }, words(es)),
    ).toBe('no se puede leer el archivo (EACCES)');
  });

  it('has a wording for every issue code and JSON reason in both languages', () => {
    const params = { expected: 'string', got: 'null', limit: 2, unit: 'items', count: 2 };
    for (const dictionary of [es, en]) {
      for (const code of harnessIssueCodes) {
        const problem: HarnessProblem = {
          ...schema,
          issues: [{ path: '$.x', code, params: { ...params, message: 'zod' } }],
          more: 0,
        };
        const text = describeHarnessProblem(problem, words(dictionary));
        expect(text, code).toMatch(/^\$\.x: \S/);
        expect(text, code).not.toContain('undefined');
      }
      for (const code of jsonReasonCodes) {
        const problem = {
          ...json,
          json: { reason: { code, params: { expected: 'value', close: ']' } } },
        };
        expect(describeHarnessProblem(problem, words(dictionary)), code).not.toContain('undefined');
      }
    }
  });
});
