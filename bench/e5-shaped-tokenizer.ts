/**
 * A `tokenizer.json` shaped like multilingual-e5-small's (XLM-RoBERTa's SentencePiece
 * Unigram: `<s>` `<pad>` `</s>` `<unk>` first, `▁` word marks, `<s> … </s>` around each
 * text) with the model's 250,037 entries, built from a corpus so that Spanish splits at
 * about the rate the real one does. The rule: every character of the corpus is a piece;
 * of the substrings (up to MAX_PIECE characters) of its `▁`-marked words, the
 * SPANISH_PIECES most frequent are pieces too, each scored by the log of its share of all
 * substring occurrences (as a Unigram model scores a piece by its probability); the rest
 * of the vocabulary is CJK pairs Spanish never matches, standing in for the other
 * languages' pieces. SPANISH_PIECES sets the rate: chosen once so that the corpus's prose
 * runs at about 3.7 characters a token, within the 3.5–4 XLM-R shows on Spanish.
 */

/** The model's vocabulary (multilingual-e5-small's `vocab_size`). */
export const E5_VOCABULARY = 250_037;
/** Longest piece taken from the corpus, in characters. */
const MAX_PIECE = 10;
/** Multi-character pieces taken from the corpus (see the rule above). */
export const SPANISH_PIECES = 10_000;

const SPECIALS = ['<s>', '<pad>', '</s>', '<unk>'] as const;
const MARK = '▁';

/** The corpus's words, `▁`-marked, with their counts (NFKC, split at white space). */
function markedWords(texts: Iterable<string>): Map<string, number> {
  const words = new Map<string, number>();
  for (const text of texts) {
    for (const w of text.normalize('NFKC').split(/\s+/)) {
      if (w) words.set(MARK + w, (words.get(MARK + w) ?? 0) + 1);
    }
  }
  return words;
}

/** Every substring of every word up to MAX_PIECE characters, counted by word occurrence. */
function substringCounts(words: Map<string, number>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [word, n] of words) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i++) {
      let piece = '';
      for (let j = i; j < Math.min(chars.length, i + MAX_PIECE); j++) {
        piece += chars[j];
        counts.set(piece, (counts.get(piece) ?? 0) + n);
      }
    }
  }
  return counts;
}

/** Pieces no Spanish text contains: pairs of CJK ideographs, in a fixed order. */
function fillerPieces(count: number, taken: Set<string>): string[] {
  const out: string[] = [];
  const first = 0x4e00;
  const span = 0x9fff - first + 1;
  for (let k = 0; out.length < count; k++) {
    const piece =
      (k % 3 === 0 ? MARK : '') +
      String.fromCodePoint(first + (k % span)) +
      String.fromCodePoint(first + Math.floor(k / span));
    if (!taken.has(piece)) out.push(piece);
  }
  return out;
}

/** The tokenizer.json object (tokenizers' serialisation format) for the given corpus texts. */
export function e5ShapedTokenizer(texts: Iterable<string>): object {
  const counts = substringCounts(markedWords(texts));
  let total = 0;
  for (const n of counts.values()) total += n;
  const score = (n: number) => Math.log(n / total);
  const singles = [...counts].filter(([p]) => Array.from(p).length === 1);
  const multi = [...counts]
    .filter(([p]) => Array.from(p).length > 1)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, SPANISH_PIECES);
  const spanish = [...singles, ...multi].map(([p, n]): [string, number] => [p, score(n)]);
  const lowest = Math.min(...spanish.map(([, s]) => s));
  const taken = new Set(spanish.map(([p]) => p));
  const filler = fillerPieces(E5_VOCABULARY - SPECIALS.length - spanish.length, taken).map(
    (p): [string, number] => [p, lowest - 1],
  );
  const vocab: [string, number][] = [
    ...SPECIALS.map((s): [string, number] => [s, 0]),
    ...spanish,
    ...filler,
  ];
  if (vocab.length !== E5_VOCABULARY) throw new Error(`vocabulario de ${vocab.length} piezas`);
  const added = SPECIALS.map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  const special = (id: number) => ({ id: SPECIALS[id], type_id: 0 });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added,
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'NFKC' },
        { type: 'Replace', pattern: { Regex: ' {2,}' }, content: ' ' },
      ],
    },
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
        { SpecialToken: special(0) },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: special(2) },
      ],
      pair: [
        { SpecialToken: special(0) },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: special(2) },
        { SpecialToken: special(2) },
        { Sequence: { id: 'B', type_id: 0 } },
        { SpecialToken: special(2) },
      ],
      special_tokens: Object.fromEntries(
        [0, 2].map((id) => [SPECIALS[id], { id: SPECIALS[id], ids: [id], tokens: [SPECIALS[id]] }]),
      ),
    },
    decoder: { type: 'Metaspace', replacement: MARK, prepend_scheme: 'always', split: true },
    model: { type: 'Unigram', unk_id: 3, vocab, byte_fallback: false },
  };
}
