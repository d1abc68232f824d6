import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../common/chat-schemas.ts';
import { streamBody as body, doneEvent, frame } from '../../testing/web/chat-stream.ts';
import { streamChat } from './api.ts';
import { ApiError } from './api-error.ts';
import { chatEvents } from './chat-events.ts';

async function collect(stream: AsyncGenerator<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

const done = doneEvent;

afterEach(() => vi.unstubAllGlobals());

describe('web/lib/api chatEvents', () => {
  it('yields validated events, even when a frame is split across chunks', async () => {
    const text = frame({ type: 'delta', text: 'Ho' }) + frame({ type: 'delta', text: 'la' });
    const events = await collect(
      chatEvents(body([text.slice(0, 17), text.slice(17), frame(done)])),
    );
    expect(events.map((e) => e.type)).toEqual(['delta', 'delta', 'done']);
    expect(events[1]).toEqual({ type: 'delta', text: 'la' });
  });

  it('turns a malformed event into a bad_event error marked partial after text, and stops', async () => {
    const events = await collect(
      chatEvents(
        body([frame({ type: 'delta', text: 'a' }), 'data: {"type":"delta"}\n\n', frame(done)]),
      ),
    );
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'bad_event', partial: true });
    expect(events).toHaveLength(2);
  });

  it('reports a connection dropped mid-answer as a network error', async () => {
    const events = await collect(chatEvents(body([frame({ type: 'delta', text: 'a' })], true)));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'network', partial: true });
  });

  it('reports a stream that ends without done as a network error', async () => {
    const events = await collect(chatEvents(body([])));
    expect(events).toEqual([expect.objectContaining({ code: 'network', partial: false })]);
  });
});

describe('web/lib/api streamChat', () => {
  it('throws the JSON error the server answers before streaming', async () => {
    const answer = { error: { code: 'unknown_project', message: 'no existe' } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 400 }));
    const stream = streamChat({ message: 'hola' }, new AbortController().signal);
    await expect(collect(stream)).rejects.toEqual(
      new ApiError('unknown_project', 'no existe', 400, answer.error),
    );
  });

  it('posts the request as JSON and streams the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(body([frame(done)])));
    vi.stubGlobal('fetch', fetchMock);
    const events = await collect(streamChat({ message: 'hola' }, new AbortController().signal));
    expect(events).toEqual([done]);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'hola' });
  });
});
