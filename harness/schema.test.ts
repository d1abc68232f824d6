import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Harness, HarnessSchema } from './schema.ts';

const shipped = (): Harness =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'soma.json'), 'utf8'));

/** The harness as plain JSON, so a test can break it in any way it likes. */
// biome-ignore lint/suspicious/noExplicitAny: tests write arbitrary, deliberately wrong JSON.
type Editable = Record<string, any>;

/** Paths of the issues zod reports for a modified copy of the shipped harness. */
function issuePaths(edit: (h: Editable) => void): string[] {
  const h = structuredClone(shipped()) as Editable;
  edit(h);
  const result = HarnessSchema.safeParse(h);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

describe('harness/schema', () => {
  it('accepts the shipped harness/soma.json', () => {
    const result = HarnessSchema.safeParse(shipped());
    expect(result.error?.issues).toBeUndefined();
  });

  it('ships the General, investigador and tutor profiles with a non-empty prompt each', () => {
    const h = HarnessSchema.parse(shipped());
    expect(h.profiles.default?.label).toBe('General');
    expect(Object.keys(h.profiles)).toEqual(expect.arrayContaining(['investigador', 'tutor']));
    for (const profile of Object.values(h.profiles))
      expect(profile.prompt.length).toBeGreaterThan(80);
  });

  it('ships the default provider chain: Groq first, then three free OpenRouter models', () => {
    const h = HarnessSchema.parse(shipped());
    expect(h.providers.map((p) => p.id)).toEqual(['groq', 'openrouter']);
    expect(h.providers[0]?.models).toEqual(['llama-3.3-70b-versatile']);
    expect(h.providers[1]?.models).toHaveLength(3);
    expect(h.webSearch).toMatchObject({ provider: 'groq', model: 'compound-beta' });
    expect(h.history.turns).toBe(10);
  });

  it('ships a Supervised Synapse rule and a closing prompt with the five sections', () => {
    const h = HarnessSchema.parse(shipped());
    expect(h.rules.some((r) => /Sinapsis Supervisada/.test(r) && /nunca/i.test(r))).toBe(true);
    for (const section of [
      'Resumen',
      'Conceptos nuevos',
      'Decisiones',
      'Tensiones abiertas',
      'Siguiente paso',
    ]) {
      expect(h.prompts.closing).toContain(`## ${section}`);
    }
  });

  it('rejects a defaultProfile that names no profile, at defaultProfile', () => {
    expect(issuePaths((h) => (h.defaultProfile = 'nadie'))).toEqual(['defaultProfile']);
  });

  it('ships synonym groups of single words, and defaults to none when the section is missing', () => {
    expect(HarnessSchema.parse(shipped()).search.synonyms.length).toBeGreaterThan(0);
    const { search: _omitted, ...without } = shipped();
    expect(HarnessSchema.parse(without).search).toEqual({ synonyms: [] });
  });

  it('rejects a synonym with spaces and a group of one word, at search.synonyms', () => {
    const spaced = [['copia de seguridad', 'respaldo']];
    expect(issuePaths((h) => (h.search = { synonyms: spaced }))).toEqual(['search.synonyms.0.0']);
    expect(issuePaths((h) => (h.search = { synonyms: [['carpeta']] }))).toEqual([
      'search.synonyms.0',
    ]);
  });

  it('ships searchHelp enabled with a prompt that asks for JSON queries, and allows it absent', () => {
    const help = HarnessSchema.parse(shipped()).searchHelp;
    expect(help).toMatchObject({ enabled: true, maxQueries: 4 });
    expect(help?.prompt).toContain('{max}');
    expect(help?.prompt).toContain('"queries"');
    const { searchHelp: _omitted, ...without } = shipped();
    expect(HarnessSchema.parse(without).searchHelp).toBeUndefined();
  });

  it('rejects a searchHelp without a prompt or with maxQueries out of 1–10', () => {
    expect(issuePaths((h) => (h.searchHelp.prompt = '  '))).toEqual(['searchHelp.prompt']);
    expect(issuePaths((h) => (h.searchHelp.maxQueries = 0))).toEqual(['searchHelp.maxQueries']);
    expect(issuePaths((h) => (h.searchHelp.maxQueries = 11))).toEqual(['searchHelp.maxQueries']);
    expect(issuePaths((h) => delete h.searchHelp.enabled)).toEqual(['searchHelp.enabled']);
  });

  it('rejects a webSearch provider that is not in the chain', () => {
    expect(issuePaths((h) => (h.webSearch.provider = 'bing'))).toEqual(['webSearch.provider']);
  });

  it('rejects an unknown key, such as an API key field in a provider', () => {
    expect(issuePaths((h) => (h.providers[0].apiKey = 'x'))).toEqual(['providers.0']);
  });

  it('rejects an API key pasted where an env var name belongs', () => {
    const paths = issuePaths((h) => (h.providers[0].apiKeyEnv = 'gsk_abcdefghijklmnopqrstuvwxyz'));
    expect(new Set(paths)).toEqual(new Set(['providers.0.apiKeyEnv']));
  });

  it('rejects a key-looking string anywhere in the texts', () => {
    expect(issuePaths((h) => (h.userContext = 'mi clave: sk-or-v1-abcdefghijklmnop1234'))).toEqual([
      'userContext',
    ]);
  });

  it('rejects profile ids with capitals or spaces', () => {
    expect(issuePaths((h) => (h.profiles['Mi Perfil'] = h.profiles.tutor))).toEqual([
      'profiles.Mi Perfil',
    ]);
  });

  it('rejects duplicate provider ids and an empty model list', () => {
    const paths = issuePaths((h) =>
      h.providers.push({ ...h.providers[0], id: 'otro', models: [] }),
    );
    expect(paths).toEqual(['providers.2.models']);
    expect(issuePaths((h) => h.providers.push({ ...h.providers[0] }))).toEqual(['providers.2.id']);
  });

  it('rejects history turns outside 1..100', () => {
    expect(issuePaths((h) => (h.history.turns = 0))).toEqual(['history.turns']);
    expect(issuePaths((h) => (h.history.turns = 101))).toEqual(['history.turns']);
  });

  it('accepts a local provider without a key', () => {
    const paths = issuePaths((h) =>
      h.providers.push({
        id: 'ollama',
        label: 'Ollama',
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKeyEnv: null,
        models: ['llama3.2:3b'],
        timeoutMs: 60000,
      }),
    );
    expect(paths).toEqual([]);
  });

  it('ships without an embeddings section, so search is lexical until the user adds one', () => {
    expect(HarnessSchema.parse(shipped()).embeddings).toBeUndefined();
  });

  it('accepts an endpoint embedder and fills batch size, time-out, prefixes and fusion', () => {
    const h = structuredClone(shipped()) as Editable;
    h.embeddings = {
      embedder: {
        kind: 'endpoint',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'nomic-embed-text',
        dimensions: 768,
        apiKeyEnv: null,
        local: true,
      },
    };
    expect(HarnessSchema.parse(h).embeddings).toEqual({
      embedder: {
        ...h.embeddings.embedder,
        batchSize: 16,
        timeoutMs: 60_000,
        queryPrefix: '',
        documentPrefix: '',
      },
      hybrid: { rrfK: 60, vectorWeight: 0.5, minSimilarity: 0.1 },
    });
  });

  it('keeps the cosine floor at 0.1 unless the harness sets it, and refuses one past 1', () => {
    const embedder = { kind: 'test' } as const;
    const parse = (hybrid: unknown) =>
      HarnessSchema.parse({ ...shipped(), embeddings: { embedder, hybrid } }).embeddings?.hybrid;
    expect(parse({ rrfK: 60, vectorWeight: 0.5 })?.minSimilarity).toBe(0.1);
    expect(parse({ rrfK: 60, vectorWeight: 0.5, minSimilarity: 0.3 })?.minSimilarity).toBe(0.3);
    expect(
      issuePaths(
        (h) =>
          (h.embeddings = {
            embedder,
            hybrid: { rrfK: 60, vectorWeight: 0.5, minSimilarity: 1.5 },
          }),
      ),
    ).toEqual(['embeddings.hybrid.minSimilarity']);
  });

  it('rejects an unknown embedder kind, a misspelt key and a vector weight above 1', () => {
    expect(issuePaths((h) => (h.embeddings = { embedder: { kind: 'magic' } }))).toEqual([
      'embeddings.embedder.kind',
    ]);
    expect(
      issuePaths((h) => (h.embeddings = { embedder: { kind: 'test', dimension: 64 } })),
    ).toEqual(['embeddings.embedder']);
    expect(
      issuePaths(
        (h) =>
          (h.embeddings = { embedder: { kind: 'test' }, hybrid: { rrfK: 60, vectorWeight: 2 } }),
      ),
    ).toEqual(['embeddings.hybrid.vectorWeight']);
  });

  it('rejects an API key pasted into the embedder', () => {
    const paths = issuePaths(
      (h) =>
        (h.embeddings = {
          embedder: {
            kind: 'endpoint',
            baseUrl: 'https://api.example.com/v1',
            model: 'm',
            dimensions: 8,
            apiKeyEnv: 'sk-abcdefghijklmnopqrstuvwx',
            local: false,
          },
        }),
    );
    expect(paths.some((p) => p.startsWith('embeddings.embedder'))).toBe(true);
  });
});
