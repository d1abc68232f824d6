import type { LinkFailure, NoticeParams } from '../../common/notice-schemas.ts';
import { SSE_DONE, sseData } from '../../common/sse-data.ts';
import type { IdleDeadline } from '../upstream/idle-deadline.ts';
import {
  openaiStream,
  type StreamOutcome,
  transportFailure,
  type UpstreamFailure,
} from '../upstream/openai-client.ts';
import type { ChainEvent, StreamChatArgs } from './chain-events.ts';
import { type Link, LinkAnswer, type LinkResult, linkName } from './link-answer.ts';
import { failureText, statusFailure } from './map-upstream-failure.ts';
import {
  type ChatChunk,
  ChatChunkSchema,
  readUsage,
  upstreamErrorMessage,
} from './openai-schemas.ts';
import { type ReusableBody, reusableBody } from './reusable-body.ts';

/**
 * One link of the chain: a streamed request to one (provider, model), turned
 * into chain events. Before the first token a failure is handed back so the
 * chain can try the next link; after it, the failure ends the answer here.
 */

/** Where reading the stream got to when it did not end the link itself. */
type StreamRead = { kind: 'read'; finished: boolean };

/**
 * Requests one link and streams its answer; the result says whether to try the next.
 * Open the request → map a refusal → read the stream → give the connection back →
 * end the answer.
 */
export async function* streamLink(
  link: Link,
  args: StreamChatArgs,
  secrets: string[],
): AsyncGenerator<ChainEvent, LinkResult> {
  const answer = new LinkAnswer(link, args.clock ?? (() => performance.now()), secrets);
  const opened = await openRequest(link, args);
  if (opened.kind !== 'ok') return yield* openingFailed(answer, opened);
  const { response, deadline } = opened;
  try {
    if (!response.body)
      return yield* answer.fail('bad_response', 'bad_response', { code: 'no_body', params: {} });
    const body = reusableBody(response.body);
    const read = yield* readStream(answer, body.stream, deadline, args.signal);
    if (read.kind !== 'read') return read;
    if (read.finished) await giveConnectionBack(body, deadline);
    return yield* endAnswer(answer, read.finished, args.signal);
  } finally {
    // Closes the upstream connection when the consumer stops early (client gone).
    deadline.close();
  }
}

/** Sends the streamed chat request to the link. */
function openRequest(link: Link, args: StreamChatArgs): Promise<StreamOutcome> {
  // One time-out covers the wait for the first token, then each wait between chunks.
  return openaiStream({
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
}

/**
 * A request that never streamed: aborted ends quietly, a rejected request ends the chain
 * (any other link would refuse it too), every other failure hands over to the next link.
 */
async function* openingFailed(
  answer: LinkAnswer,
  opened: UpstreamFailure,
): AsyncGenerator<ChainEvent, LinkResult> {
  const link = answer.link;
  switch (opened.kind) {
    case 'aborted':
      return { kind: 'end' };
    case 'timeout':
      return yield* answer.fail('timeout', 'timeout', timeoutFailure(link));
    case 'network':
      return yield* answer.fail('connection', 'connection', {
        code: 'connection',
        params: { cause: opened.cause },
      });
    case 'rejected': {
      const upstream = answer.clean(upstreamErrorMessage(opened.text));
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
      return yield* answer.fail(
        ...statusFailure(opened, answer.clean(upstreamErrorMessage(opened.text))),
      );
  }
}

/**
 * Reads the server-sent chunks: their text out as deltas, their usage and finish reason
 * kept. Resolves with whether `[DONE]` came, or with the link's end when a chunk was bad
 * or an error, the transport failed, or the caller stopped.
 */
async function* readStream(
  answer: LinkAnswer,
  stream: ReadableStream<Uint8Array>,
  deadline: IdleDeadline,
  signal: AbortSignal,
): AsyncGenerator<ChainEvent, LinkResult | StreamRead> {
  try {
    for await (const data of sseData(stream)) {
      if (answer.ttftMs !== null) deadline.arm();
      if (data === SSE_DONE) return { kind: 'read', finished: true };
      const chunk = parseChunk(data);
      if (!chunk)
        return yield* answer.fail('bad_response', 'bad_response', {
          code: 'bad_chunk',
          params: {},
        });
      if (chunk.error) {
        const detail = chunk.error.message;
        const params: NoticeParams = typeof detail === 'string' ? { detail } : {};
        return yield* answer.fail('upstream_error', 'stream_cut', {
          code: 'provider_error',
          params,
        });
      }
      answer.usage = readUsage(chunk) ?? answer.usage;
      for (const choice of chunk.choices) {
        if (choice.finish_reason) answer.finishReason = answer.clean(choice.finish_reason);
        const text = choice.delta?.content;
        if (!text) continue;
        // The idle time-out measures the upstream, not how slowly our consumer reads.
        deadline.pause();
        const safe = answer.take(text);
        if (safe) yield { type: 'delta', text: safe };
        if (signal.aborted) return { kind: 'end' };
        deadline.arm();
      }
    }
  } catch (err) {
    return yield* streamFailed(answer, deadline, err);
  }
  return { kind: 'read', finished: false };
}

/** A read that threw mid-stream: the caller's abort ends quietly, else a time-out or a lost stream. */
async function* streamFailed(
  answer: LinkAnswer,
  deadline: IdleDeadline,
  err: unknown,
): AsyncGenerator<ChainEvent, LinkResult> {
  const failure = transportFailure(deadline, err);
  if (failure.kind === 'aborted') return { kind: 'end' };
  if (failure.kind === 'timeout')
    return yield* answer.fail('timeout', 'timeout', timeoutFailure(answer.link));
  const params = { cause: failure.cause };
  return yield* answer.fail('connection', 'stream_cut', { code: 'stream_lost', params });
}

/** The answer is whole: read the end of the body so the next turn reuses the connection. */
async function giveConnectionBack(body: ReusableBody, deadline: IdleDeadline): Promise<void> {
  deadline.pause();
  await body.drain(() => deadline.close());
}

/** After the stream: a stopped answer ends quietly, one cut short or empty fails, a whole one is done. */
async function* endAnswer(
  answer: LinkAnswer,
  finished: boolean,
  signal: AbortSignal,
): AsyncGenerator<ChainEvent, LinkResult> {
  if (signal.aborted) return { kind: 'end' };
  if (!finished && answer.finishReason === null)
    return yield* answer.fail('connection', 'stream_cut', { code: 'ended_early', params: {} });
  if (answer.ttftMs === null)
    return yield* answer.fail('bad_response', 'bad_response', { code: 'empty', params: {} });
  return yield* answer.done(answer.ttftMs);
}

/** A server-sent event's data as a chat chunk; null when it is not JSON or not a chunk. */
function parseChunk(data: string): ChatChunk | null {
  try {
    return ChatChunkSchema.parse(JSON.parse(data));
  } catch {
    return null;
  }
}

function timeoutFailure(link: Link): LinkFailure {
  return {
    code: 'timeout',
    params: { seconds: Number((link.provider.timeoutMs / 1000).toFixed(1)) },
  };
}
