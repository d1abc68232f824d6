import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadHarness, parseHarness } from './harness-loader.ts';

const SHIPPED = join(process.cwd(), 'harness', 'soma.json');
const shipped = () => JSON.parse(readFileSync(SHIPPED, 'utf8'));

/** The harness as plain JSON, so a test can break it in any way it likes. */
// biome-ignore lint/suspicious/noExplicitAny: tests write arbitrary, deliberately wrong JSON.
type Editable = Record<string, any>;

/** The refusal of a modified copy of the shipped harness. */
function refusalOf(edit: (h: Editable) => void) {
  const h = shipped();
  edit(h);
  const result = parseHarness(JSON.stringify(h, null, 2), 'harness/soma.json');
  if (result.ok) throw new Error('expected the harness to be refused');
  return result.error;
}

/** The Spanish message (the terminal's) for a modified copy of the shipped harness. */
const errorFor = (edit: (h: Editable) => void): string => refusalOf(edit).message;

describe('server/harness/harness-loader', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'soma-loader-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the shipped harness', async () => {
    const result = await loadHarness(SHIPPED);
    expect(result.ok && result.harness.identity.name).toBe('SOMA');
  });

  it('names the file, line and column of a JSON syntax error', async () => {
    const file = join(dir, 'soma.json');
    writeFileSync(file, '{\n  "version": 1,\n  "rules": ["a",]\n}\n');
    const result = await loadHarness(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('json');
    expect(result.error.message).toMatch(/^.*soma\.json: línea 3, columna 16: JSON inválido: /);
    expect(result.error.message).toContain('sobra la coma');
  });

  it('locates an error JSON.parse gives no position for (a bare word)', () => {
    const result = parseHarness('{\n  "a": 1,\n    "b": tru\n}', 'x.json');
    expect(!result.ok && result.error.message).toMatch(
      /^x\.json: línea 3, columna 10: JSON inválido/,
    );
  });

  it('names the path of a missing field', () => {
    expect(errorFor((h) => delete h.prompts.closing)).toBe(
      'harness/soma.json: $.prompts.closing: falta este campo obligatorio',
    );
  });

  it('names the path and both types when a value has the wrong type', () => {
    expect(errorFor((h) => (h.profiles.tutor.prompt = 3))).toBe(
      'harness/soma.json: $.profiles.tutor.prompt: se esperaba texto (string), llegó número',
    );
  });

  it('names $.defaultProfile when it names no profile', () => {
    expect(errorFor((h) => (h.defaultProfile = 'poeta'))).toMatch(
      /^harness\/soma\.json: \$\.defaultProfile: no existe el perfil «poeta»/,
    );
  });

  it('rejects an unknown key and hints where API keys belong', () => {
    const message = errorFor((h) => (h.providers[0].apiKey = 'x'));
    expect(message).toContain('$.providers[0]: clave desconocida «apiKey»');
    expect(message).toContain('apiKeyEnv');
  });

  it('rejects a webSearch provider that is not in the chain', () => {
    expect(errorFor((h) => (h.webSearch.provider = 'bing'))).toContain(
      '$.webSearch.provider: no existe el proveedor «bing»',
    );
  });

  it('phrases empty texts, bad urls and wrong literals in Spanish', () => {
    expect(errorFor((h) => (h.systemPrompt = '  '))).toContain(
      '$.systemPrompt: no puede estar vacío',
    );
    expect(errorFor((h) => (h.providers[1].baseUrl = 'ftp://x'))).toContain(
      '$.providers[1].baseUrl: no es una URL http(s) válida',
    );
    expect(errorFor((h) => (h.version = 2))).toContain(
      '$.version: valor no válido 2; se esperaba 1',
    );
  });

  it('gives the UI each problem as a path, a code and parameters, no sentence', () => {
    expect(refusalOf((h) => (h.profiles.tutor.prompt = 3)).problem).toEqual({
      kind: 'schema',
      file: 'harness/soma.json',
      issues: [
        {
          path: '$.profiles.tutor.prompt',
          code: 'type',
          params: { expected: 'string', got: 'number' },
        },
      ],
      more: 0,
    });
    expect(refusalOf((h) => (h.defaultProfile = 'poeta')).problem.issues[0]).toMatchObject({
      path: '$.defaultProfile',
      code: 'unknown_profile',
      params: { profile: 'poeta' },
    });
    expect(refusalOf((h) => (h.providers[0].apiKey = 'x')).problem.issues[0]).toEqual({
      path: '$.providers[0]',
      code: 'secret_key',
      params: { keys: '«apiKey»' },
    });
    expect(refusalOf((h) => (h.providers[0].id = 'Groq')).problem.issues[0]?.code).toBe('id_chars');
  });

  it('gives a JSON error its line, column and reason code', () => {
    const result = parseHarness('{\n  "a": [1,]\n}', 'x.json');
    expect(!result.ok && result.error.problem).toEqual({
      kind: 'json',
      file: 'x.json',
      json: { line: 2, column: 10, reason: { code: 'trailing_comma', params: { close: ']' } } },
      issues: [],
      more: 0,
    });
  });

  it('counts the problems beyond the first five', () => {
    const { problem, message } = refusalOf((h) => {
      for (const key of ['closing', 'summary', 'system', 'a', 'b', 'c', 'd']) delete h.prompts[key];
      h.version = 2;
      h.history.turns = 0;
      h.systemPrompt = '';
      h.defaultProfile = 'nadie';
      h.extra = 1;
    });
    expect(problem.issues).toHaveLength(5);
    expect(problem.more).toBeGreaterThan(0);
    expect(message).toContain(`y ${problem.more} problema(s) más`);
  });

  it('says the file is missing', async () => {
    const result = await loadHarness(join(dir, 'nada.json'));
    expect(!result.ok && result.error.kind).toBe('missing');
    expect(!result.ok && result.error.problem).toMatchObject({ kind: 'missing', issues: [] });
    expect(!result.ok && result.error.message).toMatch(/nada\.json: no se encuentra el archivo/);
  });

  it('accepts a file that starts with a byte-order mark', () => {
    const result = parseHarness(`\uFEFF${readFileSync(SHIPPED, 'utf8')}`, 'soma.json');
    expect(result.ok).toBe(true);
  });
});
