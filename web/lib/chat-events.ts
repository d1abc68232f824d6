import { type ChatEvent, ChatEventSchema } from '../../common/chat-schemas.ts';
import { sseData } from '../../common/sse-data.ts';

/**
 * The chat events of an SSE body, each validated. A malformed event becomes a
 * `bad_event` error (and ends the stream); a dropped connection, or a stream
 * that ends without `done` or `error`, becomes a `network` error.
 */
export async function* chatEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ChatEvent> {
  let partial = false;
  try {
    for await (const data of sseData(body)) {
      if (data === '[DONE]') break;
      const event = parseChatEvent(data, partial);
      yield event;
      if (event.type === 'delta') partial ||= event.text !== '';
      if (event.type === 'error' || event.type === 'done') return;
    }
  } catch (cause) {
    if (signal?.aborted) return;
    const message = cause instanceof Error ? cause.message : String(cause);
    yield { type: 'error', code: 'network', message, partial };
    return;
  }
  if (!signal?.aborted) {
    yield { type: 'error', code: 'network', message: 'stream ended early', partial };
  }
}

function parseChatEvent(data: string, partial: boolean): ChatEvent {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = undefined;
  }
  const parsed = ChatEventSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return { type: 'error', code: 'bad_event', message: data.slice(0, 200), partial };
}
