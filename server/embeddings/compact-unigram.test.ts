import { Tokenizer } from '@huggingface/tokenizers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactUnigram } from './compact-unigram.ts';

const MARK = '\u2581';
const PIECES = ['a', 'b', 'c', 'ñ', 'é', 'ab', 'abc', 'ca', 'cañ', 'ñé', 'bca', 'aa', 'é€', '€'];

/** A small XLM-R-like Unigram tokenizer: `▁` word marks, `<s> … </s>` around each text. */
function unigramJson() {
  const vocab: [string, number][] = [
    ['<s>', 0],
    ['<pad>', 0],
    ['</s>', 0],
    ['<unk>', 0],
    [MARK, -2],
    ...PIECES.flatMap((p, i): [string, number][] => [
      [p, -3 - i * 0.37],
      [MARK + p, -2.5 - i * 0.41],
    ]),
  ];
  const special = (id: string) => ({ id, type_id: 0 });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['<s>', '<pad>', '</s>', '<unk>'].map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: null,
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        { type: 'WhitespaceSplit' },
        { type: 'Metaspace', replacement: MARK, prepend_scheme: 'always', split: true },
      ],
    },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: special('<s>') },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: special('</s>') },
      ],
      pair: [],
      special_tokens: {
        '<s>': { id: '<s>', ids: [0], tokens: ['<s>'] },
        '</s>': { id: '</s>', ids: [2], tokens: ['</s>'] },
      },
    },
    decoder: { type: 'Metaspace', replacement: MARK, prepend_scheme: 'always', split: true },
    model: { type: 'Unigram', unk_id: 3, vocab, byte_fallback: false },
  };
}

describe('server/embeddings/compact-unigram', () => {
  it('finds the library’s Unigram internals (fails loudly if an upgrade renames them)', () => {
    expect(compactUnigram(new Tokenizer(unigramJson(), {}))).toBe(true);
  });

  it('tokenises every text exactly as the library’s own trie does', () => {
    const original = new Tokenizer(unigramJson(), {});
    const compact = new Tokenizer(unigramJson(), {});
    compactUnigram(compact);
    for (const t of ['abc cañé', 'bcaabc ñé€', 'cañcaab', '']) {
      expect(compact.encode(t).ids).toEqual(original.encode(t).ids);
    }
    const text = fc.string({ unit: fc.constantFrom(...'abcñé€ x'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(text, (t) => {
        expect(compact.encode(t).ids).toEqual(original.encode(t).ids);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a tokenizer that is not Unigram as it is', () => {
    const wordPiece = new Tokenizer(
      {
        version: '1.0',
        truncation: null,
        padding: null,
        added_tokens: [],
        normalizer: null,
        pre_tokenizer: { type: 'Whitespace' },
        post_processor: null,
        decoder: null,
        model: {
          type: 'WordPiece',
          unk_token: '[UNK]',
          continuing_subword_prefix: '##',
          max_input_chars_per_word: 100,
          vocab: { '[UNK]': 0, hola: 1 },
        },
      },
      {},
    );
    expect(compactUnigram(wordPiece)).toBe(false);
    expect(wordPiece.encode('hola').ids).toEqual([1]);
  });
});
