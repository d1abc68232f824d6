import type { LinkFailure, NoticeParams } from '../../common/notice-schemas.ts';
import { SSE_DONE, sseData } from '../../common/sse-data.ts';
import type { Provider } from '../../harness/schema.ts';
import { redactKeys, StreamRedactor } from '../security/key-redaction.ts';
import { openaiStream, transportFailure } from '../upstream/openai-client.ts';
import type { ChainEvent, StreamChatArgs } from './chain-events.ts';
import { type FallbackReason, failureText, statusFailure } from './map-upstream-failure.ts';
import {
  type ChatChunk,
  ChatChunkSchema,
  cleanText,
  readUsage,
  type Usage,
  upstreamErrorMessage,
} from './openai-schemas.ts';
import { reusableBody } from './reusable-body.ts';

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
  | { kind: 'next'; reason: FallbackReason; failure: LinkFailure };

/** Requests one link and streams its answer; the result says whether to try the next. */
export async function* streamLink(
  link: Link,
  args: StreamChatArgs,
  secrets: string[],
): AsyncGenerator<ChainEvent, LinkResult> {
  const clock = args.clock ?? (() => performance.now());
  const started = clock();
  let ttftMs: number | null = null;
  let usage: Usage | null = null;
  let finishReason: string | null = null;
  const clean = (text: string) => redactKeys(cleanText(text), secrets);
  // The answer's text too, not only errors: an upstream may echo a key, split across chunks.
  const redactor = new StreamRedactor(secrets);
  /** Upstream words (a detail, a cause) can echo a key: every text param is cleaned too. */
  const cleanFailure = (failure: LinkFailure): LinkFailure => ({
    code: failure.code,
    params: Object.fromEntries(
      Object.entries(failure.params).map(([k, v]) => [k, typeof v === 'string' ? clean(v) : v]),
    ),
  });
  /** A failure: hand over before any text, end the answer as partial after. */
  async function* fail(
    reason: FallbackReason,
    code: string,
    failure: LinkFailure,
  ): AsyncGenerator<ChainEvent, LinkResult> {
    const clear = cleanFailure(failure);
    if (ttftMs === null) return { kind: 'next', reason, failure: clear };
    const tail = redactor.end();
    if (tail) yield { type: 'delta', text: tail };
    const message = clean(`${linkName(link)}: ${failureText(clear)}`);
    const failures = [{ link: linkName(link), failure: clear }];
    yield { type: 'error', code, message, partial: true, failures };
    return { kind: 'end' };
  }
  // One time-out covers the wait for the first token, then each wait between chunks.
  const opened = await openaiStream({
    baseUrl: link.provider.baseUrl,
    path: 'chat/completions',
    key: link.key,
    body: {
      model: link.model,
      messages: args.messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(args.maxTokens ? { max_tokens: args.maxTokens } : {}),
    },
    timeoutMs: link.provider.timeoutMs,
    signal: args.signal,
    // OpenRouter shows it on its dashboard; HTTP-Referer would reveal the user's LAN address.
    headers: { 'x-title': 'SOMA' },
    ...(args.fetch ? { fetch: args.fetch } : {}),
  });
  switch (opened.kind) {
    case 'ok':
      break;
    case 'aborted':
      return { kind: 'end' };
    case 'timeout':
      return yield* fail('timeout', 'timeout', timeoutFailure(link));
    case 'network':
      return yield* fail('connection', 'connection', {
        code: 'connection',
        params: { cause: opened.cause },
      });
    case 'rejected': {
      const upstream = clean(upstreamErrorMessage(opened.text));
      const params: NoticeParams = {
        status: opened.status,
        ...(upstream ? { detail: upstream } : {}),
      };
      const failure: LinkFailure = { code: 'rejected', params };
      const message = `${linkName(link)}: ${failureText(failure)}`;
      const failures = [{ link: linkName(link), failure }];
      yield { type: 'error', code: 'upstream_rejected', message, partial: false, failures };
      return { kind: 'end' };
    }
    default:
      return yield* fail(...statusFailure(opened, clean(upstreamErrorMessage(opened.text))));
  }
  const { response: res, deadline } = opened;
  try {
    if (!res.body)
      return yield* fail('bad_response', 'bad_response', { code: 'no_body', params: {} });
    const body = reusableBody(res.body);
    let finished = false;
    try {
      for await (const data of sseData(body.stream)) {
        if (ttftMs !== null) deadline.arm();
        if (data === SSE_DONE) {
          finished = true;
          break;
        }
        let chunk: ChatChunk;
        try {
          chunk = ChatChunkSchema.parse(JSON.parse(data));
        } catch {
          return yield* fail('bad_response', 'bad_response', { code: 'bad_chunk', params: {} });
        }
        if (chunk.error) {
          const detail = chunk.error.message;
          const params: NoticeParams = typeof detail === 'string' ? { detail } : {};
          return yield* fail('upstream_error', 'stream_cut', { code: 'provider_error', params });
        }
        usage = readUsage(chunk) ?? usage;
        for (const choice of chunk.choices) {
          if (choice.finish_reason) finishReason = clean(choice.finish_reason);
          const text = choice.delta?.content;
          if (!text) continue;
          ttftMs ??= clock() - started;
          // The idle time-out measures the upstream, not how slowly our consumer reads.
          deadline.pause();
          const safe = redactor.push(text);
          if (safe) yield { type: 'delta', text: safe };
          if (args.signal.aborted) return { kind: 'end' };
          deadline.arm();
        }
      }
    } catch (err) {
      const failure = transportFailure(deadline, err);
      if (failure.kind === 'aborted') return { kind: 'end' };
      if (failure.kind === 'timeout')
        return yield* fail('timeout', 'timeout', timeoutFailure(link));
      const params = { cause: failure.cause };
      return yield* fail('connection', 'stream_cut', { code: 'stream_lost', params });
    }
    if (finished) {
      // The answer is whole: read the end of the body so the next turn reuses the connection.
      deadline.pause();
      await body.drain(() => deadline.close());
    }
    if (args.signal.aborted) return { kind: 'end' };
    if (!finished && finishReason === null) {
      return yield* fail('connection', 'stream_cut', { code: 'ended_early', params: {} });
    }
    if (ttftMs === null)
      return yield* fail('bad_response', 'bad_response', { code: 'empty', params: {} });
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
    // Closes the upstream connection when the consumer stops early (client gone).
    deadline.close();
  }
}

function timeoutFailure(link: Link): LinkFailure {
  return {
    code: 'timeout',
    params: { seconds: Number((link.provider.timeoutMs / 1000).toFixed(1)) },
  };
}

/** How a link is named in messages: provider label and model. */
export function linkName(link: Link): string {
  return `${link.provider.label} (${link.model})`;
}
