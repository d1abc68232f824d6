import type { Provider } from '../../harness/schema.ts';
import { redact } from '../inference/map-upstream-failure.ts';

/**
 * Keeps API keys out of everything sent to the browser or written to a log, even when an
 * upstream echoes them back. `redact` (map-upstream-failure.ts) is the one replacement.
 */

/** A held-back key prefix at least this long is masked at the end rather than shown. */
const MASK_PREFIX_CHARS = 8;
const MASK = '***';

/** The keys the harness's providers read from `env`, longest first (so none hides in another). */
export function configuredKeys(
  providers: readonly Pick<Provider, 'apiKeyEnv'>[],
  env: Record<string, string | undefined>,
): string[] {
  const keys = providers.flatMap((p) => {
    const key = p.apiKeyEnv ? env[p.apiKeyEnv]?.trim() : undefined;
    return key ? [key] : [];
  });
  return [...new Set(keys)].sort((a, b) => b.length - a.length);
}

/** Every key in `text` replaced by `***`. */
export function redactKeys(text: string, keys: readonly string[]): string {
  return keys.length === 0 ? text : redact(text, [...keys]);
}

/** `log` with every key `keys()` returns (read at each line: the harness may change) removed. */
export function redactingLog(
  log: (line: string) => void,
  keys: () => readonly string[],
): (line: string) => void {
  return (line) => log(redactKeys(line, keys()));
}

/**
 * Redacts keys from text that arrives in pieces (streamed deltas), where a key may be
 * split across two of them: each `push` returns what is safe to send now and holds back
 * the longest tail that could still grow into a key; `end` releases that tail.
 */
export class StreamRedactor {
  readonly #keys: string[];
  #held = '';

  constructor(keys: readonly string[]) {
    this.#keys = keys.filter((k) => k !== '');
  }

  /** What of `piece` (after anything held back) can be sent now, keys replaced. */
  push(piece: string): string {
    if (this.#keys.length === 0) return piece;
    const text = redactKeys(this.#held + piece, this.#keys);
    const hold = this.#keyPrefixAtEnd(text);
    this.#held = text.slice(text.length - hold);
    return text.slice(0, text.length - hold);
  }

  /** The held-back tail at the end of the stream: a long key prefix is masked, not shown. */
  end(): string {
    const rest = this.#held;
    this.#held = '';
    return rest.length >= MASK_PREFIX_CHARS ? MASK : rest;
  }

  /** Length of the longest suffix of `text` that is a proper prefix of some key. */
  #keyPrefixAtEnd(text: string): number {
    let best = 0;
    for (const key of this.#keys) {
      for (let n = Math.min(key.length - 1, text.length); n > best; n--) {
        if (text.endsWith(key.slice(0, n))) {
          best = n;
          break;
        }
      }
    }
    return best;
  }
}
