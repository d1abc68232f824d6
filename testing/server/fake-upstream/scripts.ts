/**
 * What the fake upstream does for one request, and how that looks on the wire.
 * The frames copy what Groq and OpenRouter really send, so the client under
 * test meets the same bytes as in production.
 */

/** Where usage goes: Groq's `x_groq.usage`, OpenRouter's extra final chunk, or nowhere (Ollama). */
export type UsageStyle = 'groq' | 'openrouter' | 'none';

/** One request's behaviour, chosen by `kind`. Times are milliseconds. */
export type Script =
  /** Streams `chunks` as deltas; OpenRouter style sends `: OPENROUTER PROCESSING` while it waits. */
  | {
      kind: 'text';
      chunks: readonly string[];
      delayMs?: number;
      firstByteDelayMs?: number;
      usageStyle?: UsageStyle;
      finishReason?: string;
    }
  /** Streams {@link echoText} of the request, word by word. */
  | { kind: 'echo'; delayMs?: number; usageStyle?: UsageStyle }
  /** Answers an error status with the body the real providers send (429 carries `retry-after`). */
  | { kind: 'status'; status: number; retryAfterSec?: number; message?: string }
  /** Reads the request and never sends a byte. */
  | { kind: 'hang' }
  /** Streams `chunks`, then destroys the socket without finishing the stream. */
  | { kind: 'cut'; chunks: readonly string[]; delayMs?: number }
  /** Streams `chunks`, then sends nothing more until the client hangs up (a stalled stream). */
  | { kind: 'stall'; chunks: readonly string[] }
  /** Streams `before`, then a chunk that is not JSON, then `after` and a normal end. */
  | { kind: 'malformed'; before?: readonly string[]; after?: readonly string[] }
  /** Streams `text` one character every `everyMs`. */
  | { kind: 'drip'; text: string; everyMs: number; usageStyle?: UsageStyle };

/**
 * One step of an answer: wait, write bytes (the first write sends the SSE headers), hang
 * up, or stall (send nothing until the client hangs up).
 */
export type Step = { wait: number } | { write: string } | { destroy: true } | { stall: true };

/** The part of a chat request the fake reads. */
export interface ChatBody {
  model?: unknown;
  messages?: unknown;
  stream?: unknown;
}

/** How long OpenRouter-style streams wait between keep-alive comments in the fake. */
const PROCESSING_EVERY_MS = 100;

/** The frame that breaks a stream: a JSON chunk cut short. */
export const MALFORMED_FRAME = 'data: {"choices":[{"delta":{"content":"ho\n\n';

/** The deterministic answer of the `echo` script: message count and the last user message. */
export function echoText(body: ChatBody): string {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const users = messages.filter(
    (m): m is { content: string } =>
      typeof m === 'object' && m !== null && (m as { role?: unknown }).role === 'user',
  );
  const last = users.at(-1)?.content ?? '';
  return `Eco de ${String(body.model)}: ${messages.length} mensajes; el último dice «${last}».`;
}

/** Splits text into word-sized chunks that keep their spaces, as tokenizers roughly do. */
export function words(text: string): string[] {
  return text.match(/\s*\S+\s*/gu) ?? [];
}

/** The error body a provider sends with `status`, shaped like Groq's or OpenRouter's. */
export function errorBody(status: number, model: string, message?: string): unknown {
  if (status === 429) {
    const text =
      message ??
      `Rate limit reached for model \`${model}\` in organization \`org_fake\` on tokens per minute (TPM): Limit 6000, Used 5990, Requested 120. Please try again in 7s.`;
    return { error: { message: text, type: 'tokens', code: 'rate_limit_exceeded' } };
  }
  if (status === 401) {
    const text = message ?? 'Invalid API Key';
    return { error: { message: text, type: 'invalid_request_error', code: 'invalid_api_key' } };
  }
  if (status === 503) {
    const text = message ?? 'Provider returned error';
    const metadata = { provider_name: 'Fake', raw: 'upstream overloaded' };
    return { error: { code: 503, message: text, metadata } };
  }
  const type = status >= 500 ? 'internal_server_error' : 'invalid_request_error';
  return { error: { message: message ?? `HTTP ${status}`, type } };
}

/** Builds `data:` frames for one stream, in the style of one provider. */
export function framer(model: string, style: UsageStyle, promptTokens: number) {
  const id = `chatcmpl-fake-${Math.random().toString(36).slice(2, 10)}`;
  const created = Math.floor(Date.now() / 1000);
  let sent = 0;
  const frame = (delta: object, finish: string | null, extra: object = {}, choices = true) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: choices ? [{ index: 0, delta, logprobs: null, finish_reason: finish }] : [],
      ...extra,
    })}\n\n`;
  const usage = () => ({
    prompt_tokens: promptTokens,
    completion_tokens: sent,
    total_tokens: promptTokens + sent,
  });
  return {
    /** Groq sends the role once, alone; OpenRouter repeats it on every delta. */
    start: (): string[] =>
      style === 'groq' ? [frame({ role: 'assistant', content: '' }, null)] : [],
    text(content: string): string {
      sent++;
      return frame(style === 'openrouter' ? { role: 'assistant', content } : { content }, null);
    },
    end(finishReason = 'stop'): string[] {
      if (style === 'groq') return [frame({}, finishReason, { x_groq: { usage: usage() } })];
      const last = [frame({}, finishReason)];
      if (style === 'openrouter') {
        last.push(frame({ role: 'assistant', content: '' }, null, { usage: usage() }));
      }
      return last;
    },
  };
}

/** The steps of a streamed answer for every script that streams. */
export function streamSteps(script: Script, body: ChatBody, promptTokens: number): Step[] {
  const model = String(body.model ?? 'fake-model');
  const style = 'usageStyle' in script && script.usageStyle ? script.usageStyle : 'groq';
  const f = framer(model, style, promptTokens);
  const steps: Step[] = [];
  const texts = (chunks: readonly string[], delayMs = 0) => {
    for (const [i, chunk] of chunks.entries()) {
      if (i > 0 && delayMs > 0) steps.push({ wait: delayMs });
      steps.push({ write: f.text(chunk) });
    }
  };
  const finish = (reason?: string) => {
    for (const frame of f.end(reason)) steps.push({ write: frame });
    steps.push({ write: 'data: [DONE]\n\n' });
  };
  if (script.kind === 'text' && script.firstByteDelayMs) {
    if (style === 'openrouter') {
      for (let left = script.firstByteDelayMs; left > 0; left -= PROCESSING_EVERY_MS) {
        steps.push(
          { write: ': OPENROUTER PROCESSING\n\n' },
          { wait: Math.min(left, PROCESSING_EVERY_MS) },
        );
      }
    } else steps.push({ wait: script.firstByteDelayMs });
  }
  for (const frame of f.start()) steps.push({ write: frame });
  switch (script.kind) {
    case 'text':
      texts(script.chunks, script.delayMs);
      finish(script.finishReason);
      break;
    case 'echo':
      texts(words(echoText(body)), script.delayMs);
      finish();
      break;
    case 'drip':
      texts([...script.text], script.everyMs);
      finish();
      break;
    case 'cut':
      texts(script.chunks, script.delayMs);
      steps.push({ destroy: true });
      break;
    case 'stall':
      texts(script.chunks);
      steps.push({ stall: true });
      break;
    case 'malformed':
      texts(script.before ?? []);
      steps.push({ write: MALFORMED_FRAME });
      texts(script.after ?? []);
      finish();
      break;
    default:
      throw new Error(`script ${script.kind} does not stream`);
  }
  return steps;
}
