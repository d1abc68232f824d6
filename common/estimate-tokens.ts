/**
 * Context window assumed when the harness gives a link no `contextTokens`: small enough
 * that a local model's window is not overstated.
 */
export const DEFAULT_CONTEXT_TOKENS = 8_192;

/**
 * Tokens a text will take, estimated: about four characters a token for Spanish and
 * English with the tokenizers of the default chain. Shown as an estimate, never as exact.
 */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}
