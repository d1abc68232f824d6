import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../common/chat-schemas.ts';
import { sseData } from '../../common/sse-data.ts';
import { sseResponse } from './sse-response.ts';

const DELTAS: ChatEvent[] = [
  { type: 'delta', text: 'Hola' },
  { type: 'delta', text: ' línea\ny más' },
];

/** Serves `make()`'s events at GET / and returns the response. */
async function serve(make: () => AsyncGenerator<ChatEvent>, onCancel = () => {}) {
  const app = new Hono();
  app.get('/', (c) => sseResponse(c, make(), onCancel));
  return app.request('/');
}

async function dataOf(res: Response): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const data of sseData(res.body!)) out.push(JSON.parse(data));
  return out;
}

describe('server/chat/sse-response', () => {
  it('writes each event as a named server-sent event, line breaks in text included', async () => {
    const res = await serve(async function* () {
      yield* DELTAS;
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const text = await res.clone().text();
    expect(text.startsWith('event: delta\ndata: {"type":"delta","text":"Hola"}\n\n')).toBe(true);
    expect(await dataOf(res)).toEqual(DELTAS);
  });

  it('works ahead of the client by two events at most', async () => {
    let produced = 0;
    let read = 0;
    let ahead = 0;
    let secondAsked!: () => void;
    const second = new Promise<void>((resolve) => {
      secondAsked = resolve;
    });
    const res = await serve(async function* () {
      for (let i = 0; i < 6; i++) {
        produced++;
        ahead = Math.max(ahead, produced - read);
        if (produced === 2) secondAsked();
        yield { type: 'delta', text: String(i) };
      }
    });
    // Before the client reads anything, the second event (the upstream request, in a
    // turn) is already being produced.
    await second;
    const reader = res.body!.getReader();
    while (!(await reader.read()).done) read++;
    expect(read).toBe(6);
    expect(ahead).toBeLessThanOrEqual(2);
  });

  it('on cancel, calls onCancel and ends the generator (its finally runs)', async () => {
    const onCancel = vi.fn();
    let finished = false;
    const res = await serve(async function* () {
      try {
        yield* DELTAS;
        yield { type: 'delta', text: 'nunca leído' };
      } finally {
        finished = true;
      }
    }, onCancel);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(finished).toBe(true);
  });

  it('ends the stream after the events already sent when the generator throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await serve(async function* () {
      yield DELTAS[0]!;
      throw new Error('fallo');
    });
    expect(await dataOf(res)).toEqual([DELTAS[0]]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
