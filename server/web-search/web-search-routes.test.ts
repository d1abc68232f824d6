import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSearchAnswerSchema } from '../../common/web-schemas.ts';
import type { Harness } from '../../harness/schema.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../../testing/server/fake-upstream/fake-upstream.ts';
import { tempHarness } from '../../testing/server/temp-harness.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { errorHandler } from '../http/error-handler.ts';
import { webSearchRoutes } from './web-search-routes.ts';

let fake: FakeUpstream;
let harness: { store: HarnessStore; close: () => Promise<void> };
beforeAll(async () => {
  fake = await startFakeUpstream();
  // The shipped Groq provider, pointed at the fake; webSearch stays groq / compound-beta.
  harness = await tempHarness((h: Harness) => ({
    ...h,
    providers: h.providers.map((p) => ({ ...p, baseUrl: fake.url, timeoutMs: 30_000 })),
  }));
});
afterAll(async () => {
  await fake.close();
  await harness.close();
});

const ENV = { GROQ_API_KEY: 'gsk-prueba' };

async function ask(
  question: unknown,
  deps: { env?: Record<string, string | undefined>; fetch?: typeof fetch } = {},
) {
  const routes = webSearchRoutes({
    harness: harness.store,
    env: deps.env ?? ENV,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  routes.onError(errorHandler(() => {}));
  const res = await routes.request('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const ANSWER = [
  '## Hallazgos\n',
  'El Ebro es el río más caudaloso de España ([CHE](https://www.chebro.es/caudales)).\n\n',
  '## Fuentes\n',
  '- [Confederación Hidrográfica del Ebro](https://www.chebro.es/caudales)\n',
  '- Instituto Geográfico Nacional — https://www.ign.es/rios.html.\n',
];

describe('server/web-search/web-search-routes', () => {
  it('asks the webSearch model once with its prompt and returns the answer with its sources', async () => {
    fake.setScript({ kind: 'text', chunks: ANSWER });
    const before = fake.requests.length;
    const { status, body } = await ask('¿Cuál es el río más caudaloso de España?');
    expect(status).toBe(200);
    const answer = WebSearchAnswerSchema.parse(body);
    expect(answer).toMatchObject({
      provider: 'groq',
      model: 'compound-beta',
      answer: ANSWER.join(''),
    });
    expect(answer.sources).toEqual([
      { title: 'CHE', url: 'https://www.chebro.es/caudales' },
      { title: 'Instituto Geográfico Nacional', url: 'https://www.ign.es/rios.html' },
    ]);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe('Bearer gsk-prueba');
    expect(sent[0]!.body).toMatchObject({
      model: 'compound-beta',
      messages: [
        { role: 'system', content: harness.store.current().webSearch.prompt },
        { role: 'user', content: '¿Cuál es el río más caudaloso de España?' },
      ],
    });
  });

  it('puts the search tool results Groq reports in executed_tools first', async () => {
    const chunk = (delta: object) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
    const tools = [
      {
        search_results: {
          results: [
            { title: 'Caudales del Ebro', url: 'https://www.chebro.es/caudales', content: '…' },
            { title: null, url: 'https://www.miteco.gob.es/agua' },
          ],
        },
      },
    ];
    const sse = [
      chunk({ role: 'assistant', executed_tools: tools }),
      chunk({
        content:
          'Según [la CHE](https://www.chebro.es/caudales) y https://es.wikipedia.org/wiki/Ebro, el Ebro.',
      }),
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      'data: [DONE]\n\n',
    ].join('');
    const fetchCompound: typeof fetch = async () =>
      new Response(sse, { headers: { 'content-type': 'text/event-stream' } });
    const { status, body } = await ask('caudal del Ebro', { fetch: fetchCompound });
    expect(status).toBe(200);
    expect(WebSearchAnswerSchema.parse(body).sources).toEqual([
      { title: 'Caudales del Ebro', url: 'https://www.chebro.es/caudales' },
      { title: 'www.miteco.gob.es', url: 'https://www.miteco.gob.es/agua' },
      { title: 'es.wikipedia.org', url: 'https://es.wikipedia.org/wiki/Ebro' },
    ]);
  });

  it('keeps the key out of the answer and the sources when the upstream echoes it', async () => {
    const chunk = (delta: object) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
    const tools = [
      {
        search_results: {
          results: [{ title: 'clave gsk-prueba', url: 'https://x.es/?k=gsk-prueba' }],
        },
      },
    ];
    const sse = [
      chunk({ role: 'assistant', executed_tools: tools }),
      chunk({ content: 'Tu clave es gsk-pr' }),
      chunk({ content: 'ueba, según https://y.es/gsk-prueba' }),
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      'data: [DONE]\n\n',
    ].join('');
    const echoing: typeof fetch = async () =>
      new Response(sse, { headers: { 'content-type': 'text/event-stream' } });
    const { status, body } = await ask('¿mi clave?', { fetch: echoing });
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toContain('gsk-pr');
    expect(WebSearchAnswerSchema.parse(body).answer).toBe(
      'Tu clave es ***, según https://y.es/***',
    );
  });

  it('answers 409 no_search_provider, naming the variable and suggesting /extraer, when the key is missing', async () => {
    const before = fake.requests.length;
    const { status, body } = await ask('hola', { env: {} });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      error: {
        code: 'no_search_provider',
        message: expect.stringMatching(/GROQ_API_KEY[\s\S]*\/extraer URL/),
        params: { reason: 'missing_key', env: 'GROQ_API_KEY' },
      },
    });
    expect(fake.requests.length).toBe(before);
  });

  it('does not fall back to another model when the search model fails', async () => {
    fake.setScript({ kind: 'status', status: 503 });
    const before = fake.requests.length;
    const { status, body } = await ask('hola');
    expect(status).toBe(502);
    expect(body).toMatchObject({
      error: { code: 'search_failed', message: expect.stringContaining('503') },
    });
    expect(fake.requests.length - before).toBe(1);
  });

  it('refuses an empty question', async () => {
    const { status, body } = await ask('   ');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 'bad_request' } });
  });
});
