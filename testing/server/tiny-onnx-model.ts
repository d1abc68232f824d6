import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { CONCEPT_WORDS, testVector } from '../../server/embeddings/test-embedder.ts';

const { onnx } = onnxProto;

/**
 * A model folder with multilingual-e5-small's interface, small enough to write in a test:
 * `model_quantized.onnx` takes e5's inputs (`input_ids`, `attention_mask`,
 * `token_type_ids`, int64 [batch, sequence]) and answers `last_hidden_state`
 * (float [batch, sequence, dimensions]) — each token's row of an embedding table, and at
 * padded positions that row plus ones, as a real encoder also writes something there:
 * pooling that ignores the attention mask gets a different vector. `tokenizer.json` is a
 * BERT-style WordPiece (lower-cased, accents stripped, `[CLS] text [SEP]`).
 */

/** What a test writes: the vocabulary (besides the special tokens) and each word's row. */
export interface TinyModelSpec {
  words: readonly string[];
  dimensions: number;
  row(word: string): ArrayLike<number>;
}
/** A file written, as a model manifest lists it. */
export interface WrittenFile {
  name: string;
  bytes: number;
  sha256: string;
}

/** Ids 0–3; their rows are zero. */
export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;
/** Word pieces that end a known word («coche» + «##s»); their rows are zero. */
const SUFFIXES = ['##s', '##es'];

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

function tensorInput(name: string, elemType: number, dims: (string | number)[]) {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })),
        },
      },
    },
  };
}

function initializer(name: string, dims: number[], data: Float32Array | BigInt64Array) {
  return {
    name,
    dims,
    dataType: data instanceof Float32Array ? FLOAT : INT64,
    rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

/** The ONNX graph: Gather(table, input_ids) + (1 − mask) ⊗ ones. */
function modelBytes(table: Float32Array, vocab: number, dimensions: number): Uint8Array {
  const node = (opType: string, input: string[], output: string, attribute: object[] = []) => ({
    opType,
    input,
    output: [output],
    name: output,
    attribute,
  });
  const graph = {
    name: 'tiny-e5',
    input: ['input_ids', 'attention_mask', 'token_type_ids'].map((n) =>
      tensorInput(n, INT64, ['batch', 'sequence']),
    ),
    output: [tensorInput('last_hidden_state', FLOAT, ['batch', 'sequence', dimensions])],
    initializer: [
      initializer('table', [vocab, dimensions], table),
      initializer('ones', [dimensions], new Float32Array(dimensions).fill(1)),
      initializer('one', [], Float32Array.of(1)),
      initializer('last_axis', [1], BigInt64Array.of(-1n)),
    ],
    node: [
      node('Gather', ['table', 'input_ids'], 'rows'),
      node('Cast', ['attention_mask'], 'mask', [{ name: 'to', type: 2, i: FLOAT }]),
      node('Sub', ['one', 'mask'], 'padding'),
      node('Unsqueeze', ['padding', 'last_axis'], 'padding_3d'),
      node('Mul', ['padding_3d', 'ones'], 'noise'),
      node('Add', ['rows', 'noise'], 'last_hidden_state'),
    ],
  };
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'soma-tests',
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** A tokenizer.json that @huggingface/tokenizers reads as BERT's WordPiece. */
function tokenizerJson(vocab: readonly string[]): string {
  const ids = Object.fromEntries(vocab.map((w, i) => [w, i]));
  const special = (content: string) => ({
    id: ids[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const piece = (id: string) => ({ id, ids: [ids[id]], tokens: [id] });
  return JSON.stringify({
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: true,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: { '[CLS]': piece('[CLS]'), '[SEP]': piece('[SEP]') },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: ids,
    },
  });
}

/**
 * Writes `model_quantized.onnx` and `tokenizer.json` into `dir`. Token ids: the special
 * tokens, then `words` in order, then the plural pieces; rows of all but `words` are zero.
 */
export async function writeTinyModel(
  dir: string,
  spec: TinyModelSpec,
): Promise<{ files: WrittenFile[] }> {
  const words = [...new Set(spec.words)].filter((w) => !SPECIAL_TOKENS.includes(w as never));
  const vocab = [...SPECIAL_TOKENS, ...words, ...SUFFIXES.filter((s) => !words.includes(s))];
  const table = new Float32Array(vocab.length * spec.dimensions);
  words.forEach((word, i) => {
    const row = spec.row(word);
    if (row.length !== spec.dimensions) throw new RangeError(`row of «${word}»: ${row.length}`);
    table.set(Array.from(row), (SPECIAL_TOKENS.length + i) * spec.dimensions);
  });
  const contents: [string, Uint8Array | string][] = [
    ['model_quantized.onnx', modelBytes(table, vocab.length, spec.dimensions)],
    ['tokenizer.json', tokenizerJson(vocab)],
  ];
  const files: WrittenFile[] = [];
  for (const [name, data] of contents) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    await writeFile(join(dir, name), bytes);
    files.push({
      name,
      bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return { files };
}

/**
 * A model whose words are the test embedder's concept words, each row that word's test
 * vector: a text made of concept words embeds (through the real ONNX path: tokeniser,
 * runtime, mean pooling) in the direction the test embedder gives it, so «coche» lands
 * beside «automóvil». Other words, stop-words and prefixes are `[UNK]`, a zero row.
 */
export function writeConceptModel(
  dir: string,
  dimensions: number,
): Promise<{ files: WrittenFile[] }> {
  return writeTinyModel(dir, {
    words: CONCEPT_WORDS,
    dimensions,
    row: (word) => testVector(word, dimensions),
  });
}
