import type { Tokenizer } from '@huggingface/tokenizers';

/**
 * @huggingface/tokenizers finds a Unigram model's pieces through a character trie of `Map`
 * nodes: for multilingual-e5-small's 250,037 pieces that trie is most of the tokenizer's
 * heap (measured: docs/FACTS.md, "ONNX Runtime and embeddings"). The model
 * already keeps a piece → id map, so the same prefixes are found by looking up each length
 * up to the longest piece: the same pieces, in the same order (shortest first), at a few
 * map lookups a character.
 *
 * This is the one place that touches the library's Unigram internals (`model.trie`,
 * `model.tokens_to_ids`, `model.vocab`, `model.config.vocab`); `compact-unigram.test.ts` fails if an upgrade
 * renames them.
 */
interface UnigramInternals {
  /** The model's section of tokenizer.json, kept whole by the library. */
  config: { vocab: unknown[] };
  vocab: readonly string[];
  tokens_to_ids: ReadonlyMap<string, number>;
  trie: { common_prefix_search(chars: readonly string[], start?: number): Iterable<string> };
}

function unigramOf(tokenizer: Tokenizer): UnigramInternals | null {
  const model = (tokenizer as unknown as { model?: Partial<UnigramInternals> }).model;
  if (
    !model ||
    !Array.isArray(model.config?.vocab) ||
    !Array.isArray(model.vocab) ||
    !(model.tokens_to_ids instanceof Map) ||
    typeof model.trie?.common_prefix_search !== 'function'
  ) {
    return null;
  }
  return model as UnigramInternals;
}

/**
 * Replaces a Unigram tokenizer's trie with lookups in its own piece map; true when it did
 * (a WordPiece or BPE tokenizer is left as it is).
 */
export function compactUnigram(tokenizer: Tokenizer): boolean {
  const model = unigramOf(tokenizer);
  if (!model) return false;
  let longest = 0;
  for (const piece of model.vocab) longest = Math.max(longest, [...piece].length);
  const ids = model.tokens_to_ids;
  // The JSON's [piece, score] pairs were copied into `vocab` and `scores` at construction.
  model.config.vocab = [];
  model.trie = {
    *common_prefix_search(chars, start = 0) {
      const end = Math.min(chars.length, start + longest);
      let prefix = '';
      for (let i = start; i < end; i++) {
        prefix += chars[i];
        if (ids.has(prefix)) yield prefix;
      }
    },
  };
  return true;
}
