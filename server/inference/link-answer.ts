import type { LinkFailure } from '../../common/notice-schemas.ts';
import type { Provider } from '../../harness/schema.ts';
import { redactKeys, StreamRedactor } from '../security/key-redaction.ts';
import type { ChainEvent } from './chain-events.ts';
import { type FallbackReason, failureText } from './map-upstream-failure.ts';
import { cleanText, type Usage } from './openai-schemas.ts';

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

/** How a link is named in messages: provider label and model. */
export function linkName(link: Link): string {
  return `${link.provider.label} (${link.model})`;
}

/**
 * One link's answer as it streams: when its first token came, its usage and finish reason,
 * the key redaction its text and its failures go through, and how a failure ends it (handed
 * over to the next link before any text, ended here as partial after).
 */
export class LinkAnswer {
  readonly link: Link;
  /** Milliseconds from the request to the first token; null until one came. */
  ttftMs: number | null = null;
  usage: Usage | null = null;
  finishReason: string | null = null;
  readonly #clock: () => number;
  readonly #started: number;
  readonly #secrets: string[];
  // The answer's text too, not only errors: an upstream may echo a key, split across chunks.
  readonly #redactor: StreamRedactor;

  constructor(link: Link, clock: () => number, secrets: string[]) {
    this.link = link;
    this.#clock = clock;
    this.#started = clock();
    this.#secrets = secrets;
    this.#redactor = new StreamRedactor(secrets);
  }

  /** Upstream words (a detail, a finish reason) cleaned and with any key masked. */
  clean(text: string): string {
    return redactKeys(cleanText(text), this.#secrets);
  }

  /** A piece of the answer's text: the first one times the first token. What may be shown now. */
  take(text: string): string {
    this.ttftMs ??= this.#clock() - this.#started;
    return this.#redactor.push(text);
  }

  /** A failure: hand over before any text, end the answer as partial after. */
  async *fail(
    reason: FallbackReason,
    code: string,
    failure: LinkFailure,
  ): AsyncGenerator<ChainEvent, LinkResult> {
    const clear = this.#cleanFailure(failure);
    if (this.ttftMs === null) return { kind: 'next', reason, failure: clear };
    yield* this.#tail();
    const name = linkName(this.link);
    const message = this.clean(`${name}: ${failureText(clear)}`);
    yield {
      type: 'error',
      code,
      message,
      partial: true,
      failures: [{ link: name, failure: clear }],
    };
    return { kind: 'end' };
  }

  /** The whole answer's end: the text held back, then its figures. */
  async *done(ttftMs: number): AsyncGenerator<ChainEvent, LinkResult> {
    yield* this.#tail();
    yield {
      type: 'done',
      provider: this.link.provider.id,
      model: this.link.model,
      ttftMs,
      totalMs: this.#clock() - this.#started,
      usage: this.usage,
      finishReason: this.finishReason,
    };
    return { kind: 'end' };
  }

  /** The text the redactor still holds (a possible key's start), once the stream is over. */
  *#tail(): Generator<ChainEvent> {
    const tail = this.#redactor.end();
    if (tail) yield { type: 'delta', text: tail };
  }

  /** Upstream words in a failure (a detail, a cause) can echo a key: every text param is cleaned. */
  #cleanFailure(failure: LinkFailure): LinkFailure {
    return {
      code: failure.code,
      params: Object.fromEntries(
        Object.entries(failure.params).map(([k, v]) => [
          k,
          typeof v === 'string' ? this.clean(v) : v,
        ]),
      ),
    };
  }
}
