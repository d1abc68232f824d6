import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Provider } from '../../harness/schema.ts';
import {
  type FakeUpstream,
  type Script,
  startFakeUpstream,
} from '../../testing/server/fake-upstream/fake-upstream.ts';
import { type ChainEvent, type StreamChatArgs, streamChat } from './provider-chain.ts';

let fake: FakeUpstream;
let closedUrl: string;
beforeAll(async () => {
  fake = await startFakeUpstream();
  const gone = await startFakeUpstream();
  closedUrl = gone.url;
  await gone.close();
});
afterAll(() => fake.close());

const MESSAGES: StreamChatArgs['messages'] = [
  { role: 'system', content: 'sistema' },
  { role: 'user', content: 'hola' },
];

/** A provider on the fake upstream; its models are scripted by name. */
function provider(id: string, models: string[], extra: Partial<Provider> = {}): Provider {
  return {
    id,
    label: id.toUpperCase(),
    baseUrl: fake.url,
    apiKeyEnv: null,
    models,
    // Never met unless a test sets its own: a busy machine can stall the loop for seconds.
    timeoutMs: 30_000,
    ...extra,
  };
}

/** Scripts the fake by model name. */
function script(byModel: Record<string, Script>): void {
  fake.setScript((req) => byModel[(req.body as { model: string }).model] ?? { kind: 'hang' });
}

async function run(
  args: Partial<StreamChatArgs> & { providers: Provider[] },
): Promise<ChainEvent[]> {
  const events: ChainEvent[] = [];
  const gen = streamChat({
    messages: MESSAGES,
    env: {},
    signal: new AbortController().signal,
    ...args,
  });
  for await (const event of gen) events.push(event);
  return events;
}

const text = (events: ChainEvent[]) =>
  events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
const types = (events: ChainEvent[]) => events.map((e) => e.type).filter((t) => t !== 'delta');
const modelsAsked = (from: number) =>
  fake.requests.slice(from).map((r) => (r.body as { model: string }).model);

describe('server/inference/provider-chain', () => {
  it('streams the first link and ends with done, Groq usage and request details', async () => {
    script({ a: { kind: 'text', chunks: ['Ho', 'la'], usageStyle: 'groq' } });
    const before = fake.requests.length;
    const events = await run({
      providers: [provider('groq', ['a'], { apiKeyEnv: 'K' })],
      env: { K: 'secreto' },
      maxTokens: 99,
    });
    expect(events[0]).toEqual({ type: 'start', provider: 'groq', model: 'a' });
    expect(text(events)).toBe('Hola');
    const done = events.at(-1);
    expect(done).toMatchObject({
      type: 'done',
      provider: 'groq',
      model: 'a',
      finishReason: 'stop',
    });
    expect(done).toMatchObject({
      usage: { promptTokens: expect.any(Number), completionTokens: 2 },
    });
    if (done?.type !== 'done') throw new Error('no done');
    expect(done.ttftMs).toBeLessThanOrEqual(done.totalMs);
    const req = fake.requests[before]!;
    expect(req.headers.authorization).toBe('Bearer secreto');
    expect(req.headers['x-title']).toBe('SOMA');
    expect(req.body).toMatchObject({
      model: 'a',
      messages: MESSAGES,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 99,
    });
  });

  it('reads OpenRouter usage from its final chunk, through processing comments', async () => {
    script({
      a: { kind: 'text', chunks: ['¡Sí!'], usageStyle: 'openrouter', firstByteDelayMs: 120 },
    });
    const events = await run({ providers: [provider('or', ['a'])] });
    expect(text(events)).toBe('¡Sí!');
    expect(events.at(-1)).toMatchObject({ type: 'done', usage: { completionTokens: 1 } });
    expect(fake.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('reports null usage when the upstream sends none', async () => {
    script({ a: { kind: 'text', chunks: ['x'], usageStyle: 'none' } });
    expect((await run({ providers: [provider('local', ['a'])] })).at(-1)).toMatchObject({
      usage: null,
    });
  });

  it('yields each delta as it arrives, before the upstream has finished', async () => {
    script({ a: { kind: 'drip', text: 'abcde', everyMs: 40 } });
    const times: number[] = [];
    const gen = streamChat({
      providers: [provider('p', ['a'])],
      messages: MESSAGES,
      env: {},
      signal: new AbortController().signal,
    });
    for await (const event of gen) if (event.type === 'delta') times.push(performance.now());
    expect(times).toHaveLength(5);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(120);
  });

  it('keeps the upstream connection for the next turn once an answer is complete', async () => {
    // A fresh origin, so the pool holds no connection from other tests.
    const own = await startFakeUpstream({ defaultScript: { kind: 'text', chunks: ['Ho', 'la'] } });
    try {
      const link = provider('p', ['a'], { baseUrl: own.url });
      for (let turn = 0; turn < 3; turn++) {
        const events = await run({ providers: [link] });
        expect(text(events)).toBe('Hola');
        expect(types(events)).toEqual(['start', 'done']);
      }
      expect(own.requests.map((r) => r.connection)).toEqual([0, 0, 0]);
      expect(own.requests.some((r) => r.aborted)).toBe(false);
    } finally {
      await own.close();
    }
  });

  const failures: [string, Script | 'refused', string, RegExp][] = [
    ['429', { kind: 'status', status: 429, retryAfterSec: 3 }, 'rate_limited', /3 s/],
    ['500', { kind: 'status', status: 500 }, 'upstream_error', /HTTP 500/],
    ['503', { kind: 'status', status: 503 }, 'upstream_error', /HTTP 503/],
    ['401', { kind: 'status', status: 401 }, 'auth', /clave/],
    ['a hang', { kind: 'hang' }, 'timeout', /sin respuesta/],
    ['a refused connection', 'refused', 'connection', /ECONNREFUSED/],
    ['a malformed first chunk', { kind: 'malformed', after: ['x'] }, 'bad_response', /ilegible/],
    ['an empty answer', { kind: 'text', chunks: [] }, 'bad_response', /vacía/],
  ];
  it.each(failures)('moves to the next link on %s', async (_, first, reason, message) => {
    script({
      a: first === 'refused' ? { kind: 'hang' } : first,
      b: { kind: 'text', chunks: ['ok'] },
    });
    const events = await run({
      providers: [
        provider('uno', ['a'], {
          timeoutMs: 500,
          ...(first === 'refused' ? { baseUrl: closedUrl } : {}),
        }),
        provider('dos', ['b']),
      ],
    });
    expect(types(events)).toEqual(['start', 'fallback', 'done']);
    expect(events[1]).toMatchObject({
      type: 'fallback',
      from: { provider: 'uno', model: 'a' },
      to: { provider: 'dos', model: 'b' },
      reason,
      message: expect.stringMatching(message),
    });
    expect(text(events)).toBe('ok');
    expect(events.at(-1)).toMatchObject({ provider: 'dos', model: 'b' });
  });

  it('tries every model of a provider before the next provider, and reports all failures', async () => {
    script({
      a: { kind: 'status', status: 429 },
      b: { kind: 'status', status: 500 },
      c: { kind: 'status', status: 503 },
    });
    const events = await run({ providers: [provider('uno', ['a', 'b']), provider('dos', ['c'])] });
    expect(types(events)).toEqual(['start', 'fallback', 'fallback', 'error']);
    const error = events.at(-1);
    expect(error).toMatchObject({ type: 'error', code: 'all_failed', partial: false });
    expect(error?.type === 'error' && error.message.split('\n')).toHaveLength(4);
    expect(error).toMatchObject({
      failures: [
        { link: 'UNO (a)', failure: { code: 'rate_limited', params: {} } },
        { link: 'UNO (b)', failure: { code: 'upstream_error', params: { status: 500 } } },
        { link: 'DOS (c)', failure: { code: 'upstream_error', params: { status: 503 } } },
      ],
    });
  });

  it('says why a link failed as a code with params, beside the Spanish message', async () => {
    script({
      a: { kind: 'status', status: 429, retryAfterSec: 3 },
      b: { kind: 'text', chunks: ['ok'] },
    });
    const events = await run({ providers: [provider('uno', ['a']), provider('dos', ['b'])] });
    expect(events[1]).toMatchObject({
      type: 'fallback',
      failure: { code: 'rate_limited', params: { retryAfter: 3 } },
    });
  });

  it.each([
    ['a cut stream', { kind: 'cut', chunks: ['Hola', ' mun'] }, 'stream_cut'],
    [
      'a malformed chunk',
      { kind: 'malformed', before: ['Hola', ' mun'], after: ['do'] },
      'bad_response',
    ],
    ['a stall', { kind: 'stall', chunks: ['Hola', ' mun'] }, 'timeout'],
  ] as const)(
    'keeps the text and ends as partial, without falling back, after %s',
    async (_, first, code) => {
      script({ a: first, b: { kind: 'text', chunks: ['otro'] } });
      const before = fake.requests.length;
      const events = await run({
        providers: [provider('uno', ['a'], { timeoutMs: 300 }), provider('dos', ['b'])],
      });
      expect(types(events)).toEqual(['start', 'error']);
      expect(events.at(-1)).toMatchObject({ type: 'error', code, partial: true });
      expect(text(events)).toMatch(/^Hola/);
      expect(modelsAsked(before)).toEqual(['a']);
    },
  );

  it('does not fall back when the upstream rejects the request itself (400)', async () => {
    script({
      a: { kind: 'status', status: 400, message: 'context_length_exceeded\n<b>too long</b>' },
      b: { kind: 'text', chunks: ['x'] },
    });
    const before = fake.requests.length;
    const events = await run({ providers: [provider('uno', ['a']), provider('dos', ['b'])] });
    expect(types(events)).toEqual(['start', 'error']);
    expect(events.at(-1)).toMatchObject({
      code: 'upstream_rejected',
      partial: false,
      message: expect.stringMatching(/HTTP 400\): context_length_exceeded too long$/),
    });
    expect(modelsAsked(before)).toEqual(['a']);
  });

  it('aborts the upstream request at once and yields nothing more', async () => {
    script({ a: { kind: 'drip', text: 'x'.repeat(200), everyMs: 10 } });
    const controller = new AbortController();
    const before = fake.requests.length;
    const events: ChainEvent[] = [];
    for await (const event of streamChat({
      providers: [provider('p', ['a'])],
      messages: MESSAGES,
      env: {},
      signal: controller.signal,
    })) {
      events.push(event);
      if (events.length === 3) controller.abort();
    }
    expect(events).toHaveLength(3);
    await fake.until(() => fake.requests[before]?.aborted === true);
  });

  it('aborts during the wait for the first byte', async () => {
    script({ a: { kind: 'hang' } });
    const before = fake.requests.length;
    const events = await run({
      providers: [provider('p', ['a'])],
      signal: AbortSignal.timeout(100),
    });
    expect(types(events)).toEqual(['start']);
    await fake.until(() => fake.requests[before]?.aborted === true);
  });

  it('closes the upstream request when the consumer stops reading', async () => {
    script({ a: { kind: 'drip', text: 'x'.repeat(200), everyMs: 10 } });
    const before = fake.requests.length;
    const gen = streamChat({
      providers: [provider('p', ['a'])],
      messages: MESSAGES,
      env: {},
      signal: new AbortController().signal,
    });
    for await (const event of gen) if (event.type === 'delta') break;
    await fake.until(() => fake.requests[before]?.aborted === true);
  });

  it('says how to get a provider when no key is set and none is local', async () => {
    const harness = JSON.parse(readFileSync('harness/soma.json', 'utf8')) as {
      providers: Provider[];
    };
    const fetchSpy = vi.fn<typeof fetch>();
    const events = await run({ providers: harness.providers, env: {}, fetch: fetchSpy });
    expect(events).toEqual([
      { type: 'error', code: 'no_provider', partial: false, message: expect.any(String) },
    ]);
    const message = (events[0] as { message: string }).message;
    for (const hint of [
      'GROQ_API_KEY',
      'OPENROUTER_API_KEY',
      '127.0.0.1:11434/v1',
      '127.0.0.1:8080/v1',
    ]) {
      expect(message).toContain(hint);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('skips a provider whose key is missing, and names it if all the rest fail', async () => {
    script({ b: { kind: 'text', chunks: ['local'] } });
    const before = fake.requests.length;
    const providers = [
      provider('groq', ['a'], { apiKeyEnv: 'GROQ_API_KEY' }),
      provider('local', ['b']),
    ];
    const events = await run({ providers, env: { GROQ_API_KEY: '  ' } });
    expect(events[0]).toEqual({ type: 'start', provider: 'local', model: 'b' });
    expect(types(events)).toEqual(['start', 'done']);
    expect(modelsAsked(before)).toEqual(['b']);
    script({ b: { kind: 'status', status: 500 } });
    const failed = await run({ providers, env: {} });
    expect(failed.at(-1)).toMatchObject({
      code: 'all_failed',
      message: expect.stringMatching(/falta la variable de entorno GROQ_API_KEY/),
      failures: [
        { link: 'GROQ', failure: { code: 'missing_key', params: { env: 'GROQ_API_KEY' } } },
        { link: 'LOCAL (b)', failure: { code: 'upstream_error' } },
      ],
    });
  });

  it('never lets an API key into any event, even when the upstream echoes it', async () => {
    const keys = { K1: 'gsk_SECRETO1234567890abcdef', K2: 'sk-or-SECRETO0987654321' };
    script({
      a: { kind: 'status', status: 401, message: `Invalid API Key ${keys.K1}` },
      b: { kind: 'status', status: 400, message: `bad request for key ${keys.K2}` },
    });
    const before = fake.requests.length;
    const events = await run({
      providers: [
        provider('uno', ['a'], { apiKeyEnv: 'K1' }),
        provider('dos', ['b'], { apiKeyEnv: 'K2' }),
      ],
      env: keys,
    });
    expect(types(events)).toEqual(['start', 'fallback', 'error']);
    expect(fake.requests[before]?.headers.authorization).toBe(`Bearer ${keys.K1}`);
    const all = JSON.stringify(events);
    expect(all).not.toContain('SECRETO');
    expect(all).toContain('***');
  });

  it('redacts a key the upstream re-encodes: percent escapes in an error, base64 and reversed in an answer', async () => {
    const keys = { K1: 'gsk_SECRETO1234567890abcdef', K2: 'sk-or-SECRETO0987654321' };
    const percent = [...keys.K1].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const b64 = Buffer.from(`Authorization: Bearer ${keys.K2}`).toString('base64');
    const url = Buffer.from(`{"k":"${keys.K2}"}`).toString('base64url');
    const reversed = [...keys.K2].reverse().join('');
    script({
      a: { kind: 'status', status: 401, message: `Invalid API Key ${percent}` },
      b: {
        kind: 'text',
        chunks: [`eco ${b64.slice(0, 17)}`, `${b64.slice(17)} y ${url}`, ` ${reversed}`],
      },
    });
    const events = await run({
      providers: [
        provider('uno', ['a'], { apiKeyEnv: 'K1' }),
        provider('dos', ['b'], { apiKeyEnv: 'K2' }),
      ],
      env: keys,
    });
    expect(types(events)).toEqual(['start', 'fallback', 'done']);
    const all = JSON.stringify(events);
    for (const leak of [percent, b64, url, reversed, keys.K1, keys.K2])
      expect(all).not.toContain(leak);
    expect(Buffer.from(text(events), 'base64').toString('latin1')).not.toContain('SECRETO');
    expect(text(events)).toMatch(/^eco .*\*\*\*.* y .*\*\*\*.* \*\*\*$/);
  });

  it('redacts a key the upstream echoes in the answer, even split across two chunks', async () => {
    const key = 'gsk_SECRETO1234567890abcdef';
    script({ a: { kind: 'text', chunks: ['Tu clave: gsk_SECR', 'ETO1234567890abcdef. ', key] } });
    const events = await run({
      providers: [provider('uno', ['a'], { apiKeyEnv: 'K' })],
      env: { K: key },
    });
    expect(types(events)).toEqual(['start', 'done']);
    expect(JSON.stringify(events)).not.toContain('SECR');
    expect(text(events)).toBe('Tu clave: ***. ***');
  });
});
