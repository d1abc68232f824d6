import { SSE_DONE, sseData } from '../../common/sse-data.ts';
import type { Provider } from '../../harness/schema.ts';
import { StreamRedactor } from '../security/key-redaction.ts';
import type { ChainEvent, StreamChatArgs } from './chain-events.ts';
import {
  type FallbackReason,
  fetchErrorText,
  REQUEST_REJECTED,
  redact,
  statusFailure,
} from './map-upstream-failure.ts';
import {
  type ChatChunk,
  ChatChunkSchema,
  cleanText,
  readUsage,
  type Usage,
  upstreamErrorMessage,
} from './openai-schemas.ts';

/**
 * One link of the chain: a streamed request to one (provider, model), turned
 * into chain events. Before the first token a failure is handed back so the
 * chain can try the next link; after it, the failure ends the answer here.
 */

/** A (provider, model) pair with its key, if it needs one. */
export interface Link {
  provider: Provider;
  model: string;
  key: string | null;
}

/** How one link ended: answered (or failed for good), was aborted, or hands over. */
export type LinkResult =
  | { kind: 'end' }
  | { kind: 'next'; reason: FallbackReason; message: string };

/** Requests one link and streams its answer; the result says whether to try the next. */
export async function* streamLink(
  link: Link,
  args: StreamChatArgs,
  secrets: string[],
): AsyncGenerator<ChainEvent, LinkResult> {
  const clock = args.clock ?? (() => performance.now());
  const fetchFn = args.fetch ?? fetch;
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  args.signal.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One time-out covers the wait for the first token, then each wait between chunks.
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, link.provider.timeoutMs);
  };
  const started = clock();
  let ttftMs: number | null = null;
  let usage: Usage | null = null;
  let finishReason: string | null = null;
  const clean = (text: string) => redact(cleanText(text), secrets);
  // The answer's text too, not only errors: an upstream may echo a key, split across chunks.
  const redactor = new StreamRedactor(secrets);
  /** A failure: hand over before any text, end the answer as partial after. */
  async function* fail(
    reason: FallbackReason,
    code: string,
    message: string,
  ): AsyncGenerator<ChainEvent, LinkResult> {
    if (ttftMs === null) return { kind: 'next', reason, message: clean(message) };
    const tail = redactor.end();
    if (tail) yield { type: 'delta', text: tail };
    yield { type: 'error', code, message: clean(`${linkName(link)}: ${message}`), partial: true };
    return { kind: 'end' };
  }
  arm();
  try {
    let res: Response;
    try {
      res = await fetchFn(completionsUrl(link.provider), request(link, args, controller.signal));
    } catch (err) {
      if (args.signal.aborted) return { kind: 'end' };
      if (timedOut) return yield* fail('timeout', 'timeout', timeoutMessage(link));
      return yield* fail(
        'connection',
        'connection',
        `no se pudo conectar (${fetchErrorText(err)})`,
      );
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      if (args.signal.aborted) return { kind: 'end' };
      if (timedOut) return yield* fail('timeout', 'timeout', timeoutMessage(link));
      const upstream = redact(upstreamErrorMessage(text), secrets);
      if (REQUEST_REJECTED.has(res.status)) {
        const message = `${linkName(link)} rechazó la petición (HTTP ${res.status}): ${upstream}`;
        yield { type: 'error', code: 'upstream_rejected', message: clean(message), partial: false };
        return { kind: 'end' };
      }
      return yield* fail(...statusFailure(res.status, res.headers.get('retry-after'), upstream));
    }
    if (!res.body) return yield* fail('bad_response', 'bad_response', 'respuesta sin cuerpo');
    let finished = false;
    try {
      for await (const data of sseData(res.body)) {
        if (ttftMs !== null) arm();
        if (data === SSE_DONE) {
          finished = true;
          break;
        }
        let chunk: ChatChunk;
        try {
          chunk = ChatChunkSchema.parse(JSON.parse(data));
        } catch {
          return yield* fail('bad_response', 'bad_response', 'envió un fragmento ilegible');
        }
        if (chunk.error) {
          const message = `error del proveedor: ${chunk.error.message ?? 'sin detalle'}`;
          return yield* fail('upstream_error', 'stream_cut', message);
        }
        usage = readUsage(chunk) ?? usage;
        for (const choice of chunk.choices) {
          if (choice.finish_reason) finishReason = clean(choice.finish_reason);
          const text = choice.delta?.content;
          if (!text) continue;
          ttftMs ??= clock() - started;
          // The idle time-out measures the upstream, not how slowly our consumer reads.
          clearTimeout(timer);
          const safe = redactor.push(text);
          if (safe) yield { type: 'delta', text: safe };
          if (args.signal.aborted) return { kind: 'end' };
          arm();
        }
      }
    } catch (err) {
      if (args.signal.aborted) return { kind: 'end' };
      if (timedOut) return yield* fail('timeout', 'timeout', timeoutMessage(link));
      return yield* fail(
        'connection',
        'stream_cut',
        `la conexión se cortó (${fetchErrorText(err)})`,
      );
    }
    if (args.signal.aborted) return { kind: 'end' };
    if (!finished && finishReason === null) {
      return yield* fail('connection', 'stream_cut', 'la respuesta terminó antes de tiempo');
    }
    if (ttftMs === null) return yield* fail('bad_response', 'bad_response', 'respuesta vacía');
    const tail = redactor.end();
    if (tail) yield { type: 'delta', text: tail };
    const totalMs = clock() - started;
    yield {
      type: 'done',
      provider: link.provider.id,
      model: link.model,
      ttftMs,
      totalMs,
      usage,
      finishReason,
    };
    return { kind: 'end' };
  } finally {
    clearTimeout(timer);
    args.signal.removeEventListener('abort', onAbort);
    // Closes the upstream connection when the consumer stops early (client gone).
    controller.abort();
  }
}

function completionsUrl(provider: Provider): string {
  return `${provider.baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

/** The streamed chat request; the key travels only in its header. */
function request(link: Link, args: StreamChatArgs, signal: AbortSignal): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      // OpenRouter shows it on its dashboard; HTTP-Referer would reveal the user's LAN address.
      'x-title': 'SOMA',
      ...(link.key ? { authorization: `Bearer ${link.key}` } : {}),
    },
    body: JSON.stringify({
      model: link.model,
      messages: args.messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(args.maxTokens ? { max_tokens: args.maxTokens } : {}),
    }),
    signal,
  };
}

function timeoutMessage(link: Link): string {
  const seconds = String(Number((link.provider.timeoutMs / 1000).toFixed(1))).replace('.', ',');
  return `sin respuesta en ${seconds} s`;
}

/** How a link is named in messages: provider label and model. */
export function linkName(link: Link): string {
  return `${link.provider.label} (${link.model})`;
}
