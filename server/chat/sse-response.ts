import type { Context } from 'hono';
import type { ChatEvent } from '../../common/chat-schemas.ts';

const encoder = new TextEncoder();

/** One chat event as a server-sent event (JSON has no raw line breaks, so one data line). */
export function sseFrame(event: ChatEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The answer as `text/event-stream`, one event per item of `events`, each written as soon
 * as it is produced, at most two produced ahead of what the client has taken.
 *
 * A single ReadableStream pulled from the generator, where hono's streamSSE put a
 * TransformStream and a second ReadableStream between them: every event of every turn
 * went through three streams and their promise hops before reaching the socket.
 * `onCancel` runs when the client goes away (the adapter cancels the body); it should
 * abort whatever the generator is waiting on, since a generator busy awaiting cannot be
 * stopped from outside until that await settles.
 */
export function sseResponse(
  c: Context,
  events: AsyncGenerator<ChatEvent>,
  onCancel: () => void,
): Response {
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<ChatEvent>;
        try {
          next = await events.next();
        } catch (err) {
          // A bug, not upstream trouble (the chain words that as events): end the stream.
          console.error('[soma] error en el flujo del chat:', err);
          next = { done: true, value: undefined };
        }
        try {
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(sseFrame(next.value)));
        } catch {
          // Cancelled while the generator was busy: nobody is reading any more.
        }
      },
      async cancel() {
        onCancel();
        await events.return(undefined);
      },
    },
    // Two events ahead of the client: the stream starts pulling as soon as it exists, so
    // `meta` is ready and the upstream request already under way while the response's
    // headers are still being written; beyond that the upstream is read at the client's pace.
    { highWaterMark: 2 },
  );
  // As streamSSE did: `chunked` also tells @hono/node-server not to wait for more of the
  // body to compute a Content-Length before it writes the headers.
  c.header('Transfer-Encoding', 'chunked');
  c.header('Content-Type', 'text/event-stream');
  c.header('Cache-Control', 'no-cache');
  c.header('Connection', 'keep-alive');
  return c.body(body);
}
