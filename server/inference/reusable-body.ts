/** How long the rest of a finished answer may take to arrive before the connection is dropped. */
export const DRAIN_MS = 1000;

/**
 * An upstream answer's body, read so that its connection can carry the next turn.
 *
 * A connection is kept for reuse only when a response body is read to its end (by
 * httpFetch's node:http agent as by the global fetch's undici pool); cancelling the body
 * destroys the socket, and the next turn pays a new TCP (and,
 * for a cloud provider, TLS) handshake before its first token. An OpenAI stream ends
 * with `data: [DONE]`, after which the SSE reader stops and cancels what it read. So the
 * reader gets `stream`, whose cancel leaves the body alone, and once the answer is
 * complete `drain` reads what little follows (the end of the chunked body).
 */
export interface ReusableBody {
  /** The bytes of the body, for the SSE reader; cancelling it does not touch the body. */
  stream: ReadableStream<Uint8Array>;
  /**
   * Reads the rest of the body and resolves once the connection is back in the pool; calls `drop` (which
   * should abort the request, closing the connection) when that takes more than DRAIN_MS
   * or fails. Resolves either way, never rejects.
   */
  drain(drop: () => void): Promise<void>;
}

export function reusableBody(body: ReadableStream<Uint8Array>): ReusableBody {
  const reader = body.getReader();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      // The request's abort signal closes the connection when the answer is cut short.
      cancel() {},
    },
    // No read-ahead: `drain` must be the only reader once the SSE reader has stopped.
    { highWaterMark: 0 },
  );
  return {
    stream,
    async drain(drop) {
      const timer = setTimeout(drop, DRAIN_MS);
      try {
        while (!(await reader.read()).done) {
          // What follows [DONE] is not part of the answer.
        }
        // The pool takes the connection back a tick after the body's end (node's agent on a
        // nextTick, undici on a setImmediate queued before this one): a turn sent right
        // after finds it free.
        await new Promise((resolve) => setImmediate(resolve));
      } catch {
        drop();
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
