/** The last word matches as a prefix only from this many letters: `ca` would expand to thousands of words. */
export const MIN_PREFIX_LENGTH = 3;

/**
 * True when the query's last word may still be being typed and is long enough
 * to match as a prefix: not after a space or punctuation (the word is done),
 * nor for one or two letters.
 */
export function wantsPrefix(query: string): boolean {
  const last = query.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+$/u)?.[0] ?? '';
  return last.length >= MIN_PREFIX_LENGTH;
}
