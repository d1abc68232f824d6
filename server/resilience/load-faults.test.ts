import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatEvent, ChatEventSchema } from '../../common/chat-schemas.ts';
import {
  type FakeUpstream,
  type Script,
  startFakeUpstream,
} from '../../testing/server/fake-upstream/fake-upstream.ts';
import {
  buildTestApp,
  fakeProviders,
  HOST,
  ORIGIN,
  type TestApp,
} from '../../testing/server/test-app.ts';

/** How many answers stream at once. */
const CLIENTS = 50;
/**
 * Each link's time-out (first token, then between chunks). The `hang` turns need it to
 * fall back; every other turn must never meet it, even with 50 streams in one process on
 * two busy cores (at 1 s, turns timed out on the second link there). A turn that hangs
 * fails the test by its time-out.
 */
const LINK_TIMEOUT_MS = 20_000;

/**
 * The upstream fault matrix under load: 50 turns at once, the first link of
 * each failing in its own way (429, 500, 503, hang, cut, malformed, slow drip)
 * and the second answering. Every turn either falls back and completes, or ends
 * with a clear error; none hangs.
 */
const FAULTS: Script[] = [
  { kind: 'status', status: 429, retryAfterSec: 3 },
  { kind: 'status', status: 500 },
  { kind: 'status', status: 503 },
  { kind: 'hang' },
  { kind: 'cut', chunks: ['medio ', 'texto'], delayMs: 5 },
  { kind: 'malformed', before: [], after: ['x'] },
  { kind: 'drip', text: 'gota a gota', everyMs: 15 },
  { kind: 'text', chunks: ['bien'], delayMs: 5 },
];

describe('chat under load with upstream faults', () => {
  let upstream: FakeUpstream;
  let ctx: TestApp;
  let cookie: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    ctx = await buildTestApp({
      harness: fakeProviders(upstream.url, { a: 'primero', b: 'segundo' }, LINK_TIMEOUT_MS),
    });
    cookie = await ctx.login();
    // The turn number travels in the message; the first link fails by that number.
    upstream.setScript((req) => {
      const body = req.body as { model: string; messages: { role: string; content: string }[] };
      if (body.model === 'segundo')
        return { kind: 'text', chunks: ['respuesta ', 'de B'], delayMs: 2 };
      const n = Number(/turno (\d+)/.exec(body.messages.at(-1)?.content ?? '')?.[1] ?? 0);
      return FAULTS[n % FAULTS.length]!;
    });
  });
  afterAll(async () => {
    await ctx.close();
    await upstream.close();
  });

  it('completes or explains every one of 50 simultaneous turns, and none hangs', async () => {
    const turn = async (n: number): Promise<ChatEvent[]> => {
      const res = await ctx.app.request('/api/chat', {
        method: 'POST',
        headers: { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `turno ${n}` }),
      });
      const text = await res.text();
      return text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => ChatEventSchema.parse(JSON.parse(l.slice(6))));
    };
    const results = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => turn(n)));
    for (const [n, events] of results.entries()) {
      const last = events.at(-1);
      const fault = FAULTS[n % FAULTS.length]!;
      expect(last, `turno ${n} (${fault.kind})`).toBeDefined();
      expect(['done', 'error'], `turno ${n}`).toContain(last!.type);
      if (last!.type === 'error') {
        // Only a failure after text may end a turn without falling back: the text is kept as cut.
        expect(last!.partial, `turno ${n} (${fault.kind})`).toBe(true);
        expect(last!.message.length).toBeGreaterThan(0);
      }
      if (fault.kind === 'status' || fault.kind === 'hang') {
        expect(
          events.some((e) => e.type === 'fallback'),
          `turno ${n}`,
        ).toBe(true);
        expect(last).toMatchObject({ type: 'done', provider: 'b' });
      }
    }
  });
});
