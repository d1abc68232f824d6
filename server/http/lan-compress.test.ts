import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { lanCompress } from './lan-compress.ts';

const app = new Hono();
app.use(lanCompress());
const big = { notes: Array.from({ length: 500 }, (_, i) => ({ path: `nota-${i}.md`, size: i })) };
app.get('/manifest', (c) => c.json(big));
app.get('/events', (c) =>
  c.body('data: {}\n\n'.repeat(500), 200, { 'Content-Type': 'text/event-stream' }),
);

const get = (path: string, listener: 'lan' | 'loopback') =>
  app.request(path, { headers: { 'Accept-Encoding': 'gzip' } }, { somaListener: listener });

describe('server/http/lan-compress', () => {
  it('gzips JSON for the LAN listener, and it reads back the same', async () => {
    const res = await get('/manifest', 'lan');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const text = await new Response(res.body?.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(JSON.parse(text)).toEqual(big);
  });

  it('sends JSON as it is on loopback: the laptop’s own tab gets no gzip to undo', async () => {
    const res = await get('/manifest', 'loopback');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(big);
  });

  it('never compresses an event stream, on either listener', async () => {
    for (const listener of ['lan', 'loopback'] as const) {
      expect((await get('/events', listener)).headers.get('content-encoding')).toBeNull();
    }
  });
});
