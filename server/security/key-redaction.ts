import type { Provider } from '../../harness/schema.ts';
import { providerKey } from '../upstream/provider-key.ts';
import { KEY_MASK, KeyForms } from './key-forms.ts';

/**
 * Keeps API keys out of everything sent to the browser or written to a log, even when an
 * upstream echoes them back, plain or re-encoded (key-forms.ts lists the spellings).
 */

/** A held-back key prefix at least this long is masked at the end rather than shown. */
const MASK_PREFIX_CHARS = 8;

/** The keys the harness's providers read from `env`, longest first (so none hides in another). */
export function configuredKeys(
  providers: readonly Pick<Provider, 'apiKeyEnv'>[],
  env: Record<string, string | undefined>,
): string[] {
  const keys = providers.flatMap((p) => {
    const key = providerKey(p, env);
    return key.kind === 'set' ? [key.key] : [];
  });
  return [...new Set(keys)].sort((a, b) => b.length - a.length);
}

/** The spellings of the keys last asked for: the same few keys come with every call. */
let cached: { id: string; forms: KeyForms } | null = null;

function formsFor(keys: readonly string[]): KeyForms {
  const id = keys.join('\n');
  if (cached?.id !== id) cached = { id, forms: new KeyForms(keys) };
  return cached.forms;
}

/** Every key in `text`, in any spelling key-forms.ts knows, replaced by `***`. */
export function redactKeys(text: string, keys: readonly string[]): string {
  return keys.length === 0 ? text : formsFor(keys).mask(text);
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
  readonly #forms: KeyForms;
  #held = '';

  constructor(keys: readonly string[]) {
    this.#forms = new KeyForms(keys);
  }

  /** What of `piece` (after anything held back) can be sent now, keys replaced. */
  push(piece: string): string {
    if (this.#forms.empty) return piece;
    const text = this.#forms.mask(this.#held + piece);
    const hold = this.#forms.heldTail(text);
    this.#held = text.slice(text.length - hold);
    return text.slice(0, text.length - hold);
  }

  /** The held-back tail at the end of the stream: a long key prefix is masked, not shown. */
  end(): string {
    const rest = this.#held;
    this.#held = '';
    return rest.length >= MASK_PREFIX_CHARS ? KEY_MASK : rest;
  }
}
