import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SearchHelpAnswerSchema,
  SearchHelpStatusSchema,
} from '../../common/search-help-schemas.ts';
import type { Harness, Provider } from '../../harness/schema.ts';
import {
  type FakeUpstream,
  type Script,
  type ScriptChooser,
  startFakeUpstream,
} from '../../testing/server/fake-upstream/fake-upstream.ts';
import { tempHarness } from '../../testing/server/temp-harness.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { errorHandler } from '../http/error-handler.ts';
import { searchHelpRoutes } from './search-help-routes.ts';

let fake: FakeUpstream;
type TempHarness = Awaited<ReturnType<typeof tempHarness>>;
let harness: TempHarness;
let off: TempHarness;

/** Two keyless links at the fake upstream: `primero` (m1), then `segundo` (m2). */
const chain = (url: string): Provider[] =>
  ['primero', 'segundo'].map((id, i) => ({
    id,
    label: id === 'primero' ? 'Primero' : 'Segundo',
    baseUrl: url,
    apiKeyEnv: null,
    models: [`m${i + 1}`],
    timeoutMs: 1_000,
    contextTokens: 4096 * (i + 1),
  }));

beforeAll(async () => {
  fake = await startFakeUpstream();
  const onFake = (h: Harness): Harness => ({
    ...h,
    providers: chain(fake.url),
    webSearch: { ...h.webSearch, provider: 'primero' },
  });
  harness = await tempHarness(onFake);
  off = await tempHarness((h) => ({
    ...onFake(h),
    searchHelp: { ...h.searchHelp!, enabled: false },
  }));
});
afterAll(async () => {
  await fake.close();
  await harness.close();
  await off.close();
});

async function call(
  body: unknown,
  opts: { store?: HarnessStore; env?: Record<string, string | undefined> } = {},
) {
  const routes = searchHelpRoutes({ harness: opts.store ?? harness.store, env: opts.env ?? {} });
  routes.onError(errorHandler(() => {}));
  const res =
    body === undefined
      ? await routes.request('/')
      : await routes.request('/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A script per model: `m1` and `m2` fail or answer apart. */
const byModel =
  (answers: { m1: Script; m2: Script }): ScriptChooser =>
  (req) =>
    (req.body as { model?: string }).model === 'm2' ? answers.m2 : answers.m1;

describe('server/search-help/search-help-routes', () => {
  it('sends only the question with the harness prompt and returns the queries and what was sent', async () => {
    fake.setScript({
      kind: 'text',
      chunks: ['```json\n{"queries": ["copia de ', 'seguridad", "rsync", "Copias"]}\n```'],
    });
    const before = fake.requests.length;
    const { status, body } = await call({ query: 'copias' });
    expect(status).toBe(200);
    const answer = SearchHelpAnswerSchema.parse(body);
    expect(answer.query).toBe('copias');
    expect(answer.queries).toEqual(['copia de seguridad', 'rsync']);
    const prompt = harness.store.current().searchHelp!.prompt.replaceAll('{max}', '4');
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      model: 'm1',
      messages: [
        { role: 'system', content: prompt },
        { role: 'user', content: 'copias' },
      ],
    });
    expect(answer.sent).toEqual({
      provider: 'primero',
      model: 'm1',
      contextTokens: 4096,
      parts: [
        {
          part: 'system',
          message: 0,
          role: 'system',
          label: '',
          chars: prompt.length,
          text: prompt,
        },
        { part: 'message', message: 1, role: 'user', label: '', chars: 'copias'.length },
      ],
    });
  });

  it('falls back like a chat turn and names the link that answered', async () => {
    fake.setScript(
      byModel({
        m1: { kind: 'status', status: 429, retryAfterSec: 7 },
        m2: { kind: 'text', chunks: ['{"queries": ["huerto urbano"]}'] },
      }),
    );
    const { status, body } = await call({ query: 'tomates' });
    expect(status).toBe(200);
    const answer = SearchHelpAnswerSchema.parse(body);
    expect(answer.queries).toEqual(['huerto urbano']);
    expect(answer.sent).toMatchObject({ provider: 'segundo', model: 'm2', contextTokens: 8192 });
  });

  it('answers 502 search_help_failed naming the last link and why when every link fails', async () => {
    fake.setScript(
      byModel({ m1: { kind: 'status', status: 503 }, m2: { kind: 'status', status: 429 } }),
    );
    const { status, body } = await call({ query: 'tomates' });
    expect(status).toBe(502);
    expect(body).toMatchObject({
      error: {
        code: 'search_help_failed',
        params: { link: expect.stringContaining('Segundo'), failure: 'rate_limited' },
      },
    });
  });

  it('answers 502 search_help_failed with a timeout when the upstream hangs', async () => {
    fake.setScript({ kind: 'hang' });
    const { status, body } = await call({ query: 'tomates' });
    expect(status).toBe(502);
    expect(body).toMatchObject({
      error: { code: 'search_help_failed', params: { failure: 'timeout' } },
    });
  });

  it('answers 502 search_help_unreadable, naming the model, for an answer that is not a list of queries', async () => {
    fake.setScript({ kind: 'text', chunks: ['Lo siento, no puedo ayudarte con eso.'] });
    const { status, body } = await call({ query: 'tomates' });
    expect(status).toBe(502);
    expect(body).toMatchObject({
      error: { code: 'search_help_unreadable', params: { model: 'm1' } },
    });
  });

  it('answers 409 no_provider without calling anyone when no link has its key', async () => {
    const keyed = await tempHarness((h: Harness) => ({
      ...h,
      providers: h.providers.map((p) => ({ ...p, baseUrl: fake.url })),
    }));
    try {
      const before = fake.requests.length;
      const { status, body } = await call({ query: 'tomates' }, { store: keyed.store });
      expect(status).toBe(409);
      expect(body).toMatchObject({ error: { code: 'no_provider' } });
      expect(fake.requests.length).toBe(before);
    } finally {
      await keyed.close();
    }
  });

  it('says whether it is on, and answers 409 search_help_off without a call when the harness turns it off', async () => {
    expect(SearchHelpStatusSchema.parse((await call(undefined)).body)).toEqual({
      enabled: true,
      maxQueries: 4,
    });
    expect((await call(undefined, { store: off.store })).body).toEqual({
      enabled: false,
      maxQueries: 0,
    });
    const before = fake.requests.length;
    const { status, body } = await call({ query: 'tomates' }, { store: off.store });
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: { code: 'search_help_off' } });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses an empty query', async () => {
    const { status, body } = await call({ query: '  ' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 'bad_request' } });
  });
});
