import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, MALFORMED_FRAME, startFakeUpstream } from './fake-upstream.ts';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const MESSAGES = [
  { role: 'system', content: 'sistema' },
  { role: 'user', content: 'hola' },
];

function post(body: object, signal?: AbortSignal): Promise<Response> {
  return fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    body: JSON.stringify({ model: 'm1', messages: MESSAGES, stream: true, ...body }),
    ...(signal ? { signal } : {}),
  });
}

/** The JSON data frames of an SSE body, `[DONE]` as a string. */
function frames(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((f) => f.startsWith('data: '))
    .map((f) => f.slice(6))
    .map((d) => (d === '[DONE]' ? d : JSON.parse(d)));
}

describe('testing/server/fake-upstream', () => {
  it('records method, path, headers and the parsed body', async () => {
    fake.setScript({ kind: 'text', chunks: ['a'] });
    const before = fake.requests.length;
    await (await post({})).text();
    const rec = fake.requests[before]!;
    expect(rec).toMatchObject({ method: 'POST', path: '/v1/chat/completions', index: before });
    expect(rec.headers.authorization).toBe('Bearer sk-test');
    expect(rec.body).toMatchObject({ model: 'm1', stream: true, messages: MESSAGES });
  });

  it('streams Groq-style chunks with usage under x_groq and ends with [DONE]', async () => {
    fake.setScript({ kind: 'text', chunks: ['Ho', 'la'], usageStyle: 'groq' });
    const res = await post({});
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const out = frames(await res.text());
    expect(out[0]).toMatchObject({
      object: 'chat.completion.chunk',
      model: 'm1',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    expect(out[1]).toMatchObject({ choices: [{ delta: { content: 'Ho' }, finish_reason: null }] });
    expect(out[3]).toMatchObject({
      choices: [{ delta: {}, finish_reason: 'stop' }],
      x_groq: { usage: { completion_tokens: 2 } },
    });
    expect(out.at(-1)).toBe('[DONE]');
    expect(out).toHaveLength(5);
  });

  it('streams OpenRouter-style: processing comments, role on each delta, a usage chunk', async () => {
    fake.setScript({
      kind: 'text',
      chunks: ['¡Sí!'],
      usageStyle: 'openrouter',
      firstByteDelayMs: 150,
    });
    const text = await (await post({})).text();
    expect(text.startsWith(': OPENROUTER PROCESSING\n\n')).toBe(true);
    const out = frames(text);
    expect(out[0]).toMatchObject({ choices: [{ delta: { role: 'assistant', content: '¡Sí!' } }] });
    expect(out[1]).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
    expect(out[2]).toMatchObject({ usage: { completion_tokens: 1 } });
    expect(out.at(-1)).toBe('[DONE]');
  });

  it('echoes the message count and the last user message', async () => {
    fake.setScript({ kind: 'echo' });
    const out = frames(await (await post({})).text()) as {
      choices: { delta?: { content?: string } }[];
    }[];
    const text = out.map((c) =>
      typeof c === 'object' ? (c.choices[0]?.delta?.content ?? '') : '',
    );
    expect(text.join('')).toBe('Eco de m1: 2 mensajes; el último dice «hola».');
  });

  it('answers a non-streamed request with a chat.completion', async () => {
    fake.setScript({ kind: 'text', chunks: ['uno ', 'dos'] });
    const body = await (await post({ stream: false })).json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'uno dos' }, finish_reason: 'stop' }],
    });
  });

  it('lists models', async () => {
    const body = await (await fetch(`${fake.url}/models`)).json();
    expect(body).toMatchObject({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] });
  });

  it('answers 429 with retry-after and a Groq-style body', async () => {
    fake.setScript({ kind: 'status', status: 429, retryAfterSec: 3 });
    const res = await post({});
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toMatchObject({
      error: { type: 'tokens', code: 'rate_limit_exceeded', message: expect.stringMatching(/m1/) },
    });
  });

  it('answers 503 with an OpenRouter-style body and 401 with an invalid key', async () => {
    fake.setScript({ kind: 'status', status: 503 });
    const res = await post({});
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 503, metadata: {} } });
    fake.setScript({ kind: 'status', status: 401 });
    const auth = await post({});
    expect(auth.status).toBe(401);
    expect(await auth.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });

  it('never sends a byte on hang, and records that the client gave up', async () => {
    fake.setScript({ kind: 'hang' });
    const before = fake.requests.length;
    await expect(post({}, AbortSignal.timeout(100))).rejects.toThrow();
    await fake.until(() => fake.requests[before]?.aborted === true);
  });

  it('cuts the connection after some chunks', async () => {
    fake.setScript({ kind: 'cut', chunks: ['uno', 'dos'] });
    const res = await post({});
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    const error = await (async () => {
      try {
        while (true) {
          const { done, value } = await reader.read();
          if (done) return null;
          text += new TextDecoder().decode(value);
        }
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(Error);
    expect(text).toContain('"content":"dos"');
    expect(text).not.toContain('[DONE]');
  });

  it('stalls after its chunks, with the stream open, until the client hangs up', async () => {
    fake.setScript({ kind: 'stall', chunks: ['uno', 'dos'] });
    const before = fake.requests.length;
    const abort = new AbortController();
    const reader = (await post({}, abort.signal)).body!.getReader();
    let text = '';
    while (!text.includes('"content":"dos"')) {
      text += new TextDecoder().decode((await reader.read()).value);
    }
    expect(fake.requests[before]?.aborted).toBe(false);
    abort.abort();
    await fake.until(() => fake.requests[before]?.aborted === true);
    expect(text).not.toContain('finish_reason":"stop');
  });

  it('sends a chunk that is not JSON, then goes on', async () => {
    fake.setScript({ kind: 'malformed', before: ['a'], after: ['b'] });
    const text = await (await post({})).text();
    expect(text).toContain(MALFORMED_FRAME);
    expect(text.indexOf(MALFORMED_FRAME)).toBeLessThan(text.indexOf('"content":"b"'));
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('drips one character at a time', async () => {
    fake.setScript({ kind: 'drip', text: 'abc', everyMs: 20 });
    const started = performance.now();
    const out = frames(await (await post({})).text()) as {
      choices: { delta?: { content?: string } }[];
    }[];
    const deltas = out.slice(1, 4).map((c) => c.choices[0]?.delta?.content);
    expect(deltas).toEqual(['a', 'b', 'c']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('chooses a script per request with a function', async () => {
    fake.setScript((req) =>
      (req.body as { model: string }).model === 'caído'
        ? { kind: 'status', status: 500 }
        : { kind: 'text', chunks: ['ok'] },
    );
    expect((await post({ model: 'caído' })).status).toBe(500);
    expect((await post({ model: 'vivo' })).status).toBe(200);
  });
});
