/** An answer's stream as the server sends it, for tests of the code that reads it. */

/** A body that sends `parts` as separate chunks, optionally failing after them. */
export function streamBody(parts: string[], fail = false): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder();
  const queue = [...parts];
  // One chunk per pull: erroring in `start` would discard the chunks still queued.
  return new ReadableStream({
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(bytes.encode(next));
      else if (fail) controller.error(new Error('socket hang up'));
      else controller.close();
    },
  });
}

/** One server-sent event: `event:` is the type, `data:` the JSON. */
export const frame = (event: object) =>
  `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`;

/** A `done` event as a provider that reports no usage ends an answer. */
export const doneEvent = {
  type: 'done',
  provider: 'groq',
  model: 'm',
  ttftMs: 5,
  totalMs: 9,
  usage: null,
  finishReason: 'stop',
} as const;
