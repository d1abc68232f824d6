import onnxProto, { type onnx } from 'onnx-proto';
import { seededRandom } from '../testing/server/seeded-random.ts';

/**
 * An ONNX encoder with multilingual-e5-small's exact architecture (XLM-RoBERTa: 12 layers,
 * hidden 384, 12 heads, feed-forward 1,536, 514 positions, one token type, LayerNorm eps
 * 1e-12, erf GELU) and random weights from a seeded generator, quantised as ONNX Runtime's
 * `quantize_dynamic` writes `model_quantized.onnx` (QInt8 weights, per channel, reduced
 * range, as the conversion that published the real file runs it): each weight MatMul is
 * DynamicQuantizeLinear on the activation (shared by Q, K and V) + MatMulInteger + Cast +
 * Mul by the product of the scales; the attention's activation × activation MatMuls stay
 * float; the embedding tables are int8, gathered, then DequantizeLinear. Its answers mean
 * nothing; what it costs to run is the real model's.
 */
export const E5_SHAPE = {
  vocabulary: 250_037,
  layers: 12,
  hidden: 384,
  heads: 12,
  intermediate: 1_536,
  positions: 514,
  typeVocabulary: 1,
  layerNormEps: 1e-12,
  /** XLM-R's `<pad>`: positions count from it, and it is never a position itself. */
  padId: 1,
} as const;

const { ModelProto, TensorProto, AttributeProto } = onnxProto.onnx;
const T = TensorProto.DataType;
const A = AttributeProto.AttributeType;
type Attr = number | number[] | { f: number };

/** Nodes and initialisers of one graph, named in order. */
class Graph {
  readonly nodes: onnx.INodeProto[] = [];
  readonly initializers: onnx.ITensorProto[] = [];
  private n = 0;

  op(type: string, inputs: string[], attrs: Record<string, Attr> = {}, outputs = 1): string[] {
    const id = `${type}_${this.n++}`;
    const out = Array.from({ length: outputs }, (_, i) => `${id}:${i}`);
    const attribute = Object.entries(attrs).map(([name, v]): onnx.IAttributeProto => {
      if (Array.isArray(v)) return { name, type: A.INTS, ints: v };
      if (typeof v === 'object') return { name, type: A.FLOAT, f: v.f };
      return { name, type: A.INT, i: v };
    });
    this.nodes.push({ name: id, opType: type, input: inputs, output: out, attribute });
    return out;
  }

  one(type: string, inputs: string[], attrs: Record<string, Attr> = {}): string {
    return this.op(type, inputs, attrs)[0] as string;
  }

  init(name: string, dataType: number, dims: number[], data: ArrayBufferView): string {
    const rawData = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    this.initializers.push({ name, dataType, dims, rawData });
    return name;
  }

  floats(name: string, dims: number[], values: Float32Array): string {
    return this.init(name, T.FLOAT, dims, values);
  }
}

/** Seeded weights: int8 in the reduced range ±63, floats near a centre. */
function weights(seed: number) {
  const rand = seededRandom(seed);
  return {
    int8(count: number): Int8Array {
      const out = new Int8Array(count);
      for (let i = 0; i < count; i += 4) {
        let u = Math.floor(rand() * 4294967296);
        for (let k = 0; k < 4 && i + k < count; k++, u >>>= 8) out[i + k] = ((u & 0xff) % 127) - 63;
      }
      return out;
    },
    floats(count: number, centre: number, spread: number): Float32Array {
      return Float32Array.from({ length: count }, () => centre + (rand() * 2 - 1) * spread);
    },
  };
}

/** int8 [rows, cols] whose float values have about HF's initial spread (σ ≈ 0.02). */
const WEIGHT_SCALE = 0.02 / 36.7;

/** The sizes a model is written with (tests write a tiny one of the same architecture). */
export type EncoderShape = { readonly [K in keyof typeof E5_SHAPE]: number };

/** Writes the model; `seed` picks the weights. */
export function e5ShapedModel(seed: number, S: EncoderShape = E5_SHAPE): Uint8Array {
  const g = new Graph();
  const w = weights(seed);
  const scalar = (name: string, v: number) => g.floats(name, [], Float32Array.of(v));
  const i64 = (name: string, v: number[], dims = [v.length]) =>
    g.init(name, T.INT64, dims, BigInt64Array.from(v.map(BigInt)));
  const zeroI8 = g.init('zero_i8', T.INT8, [], Int8Array.of(0));
  const one = scalar('one', 1);
  const half = scalar('half', 0.5);
  const sqrt2 = scalar('sqrt2', Math.SQRT2);
  const headDim = S.hidden / S.heads;

  /** An int8 table looked up by `ids`, then dequantised (ORT's quantised Gather). */
  const table = (name: string, rows: number, ids: string) => {
    const q = g.init(`${name}_quantized`, T.INT8, [rows, S.hidden], w.int8(rows * S.hidden));
    const scale = scalar(`${name}_scale`, 0.05 / 36.7);
    return g.one('DequantizeLinear', [g.one('Gather', [q, ids]), scale, zeroI8]);
  };
  /** Per-channel int8 weight [inDim, outDim] with its bias, applied to a quantised input. */
  const dense = (name: string, x: string[], inDim: number, outDim: number) => {
    const [xq, xs, xzp] = x as [string, string, string];
    const q = g.init(`${name}_W_quantized`, T.INT8, [inDim, outDim], w.int8(inDim * outDim));
    const ws = g.floats(
      `${name}_W_scale`,
      [outDim],
      w.floats(outDim, WEIGHT_SCALE, WEIGHT_SCALE * 0.2),
    );
    const wzp = g.init(`${name}_W_zero_point`, T.INT8, [outDim], new Int8Array(outDim));
    const acc = g.one('MatMulInteger', [xq, q, xzp, wzp]);
    const scaled = g.one('Mul', [g.one('Cast', [acc], { to: T.FLOAT }), g.one('Mul', [xs, ws])]);
    return g.one('Add', [scaled, g.floats(`${name}_b`, [outDim], w.floats(outDim, 0, 0.02))]);
  };
  const layerNorm = (name: string, x: string) =>
    g.one(
      'LayerNormalization',
      [
        x,
        g.floats(`${name}_g`, [S.hidden], w.floats(S.hidden, 1, 0.05)),
        g.floats(`${name}_b`, [S.hidden], w.floats(S.hidden, 0, 0.02)),
      ],
      { axis: -1, epsilon: { f: S.layerNormEps } },
    );

  // Embeddings: XLM-R numbers positions from pad + 1 over the non-pad tokens.
  const notPad = g.one('Not', [g.one('Equal', ['input_ids', i64('pad_id', [S.padId], [])])]);
  const counted = g.one('Cast', [notPad], { to: T.INT64 });
  const cumsum = g.one('CumSum', [counted, i64('axis_1', [1], [])]);
  const positions = g.one('Add', [g.one('Mul', [cumsum, counted]), i64('pad_id_1', [S.padId], [])]);
  const summed = g.one('Add', [
    g.one('Add', [
      table('word_embeddings', S.vocabulary, 'input_ids'),
      table('token_type_embeddings', S.typeVocabulary, 'token_type_ids'),
    ]),
    table('position_embeddings', S.positions, positions),
  ]);
  let hidden = layerNorm('embeddings_LayerNorm', summed);

  // The mask as HF's extended attention mask: (1 − mask) × float32's lowest, added to the scores.
  const maskF = g.one('Cast', ['attention_mask'], { to: T.FLOAT });
  const mask4 = g.one('Unsqueeze', [maskF, i64('axes_1_2', [1, 2])]);
  const maskBias = g.one('Mul', [
    g.one('Sub', [one, mask4]),
    scalar('float_min', -3.4028234663852886e38),
  ]);
  const split = i64('split_heads', [0, 0, S.heads, headDim]);
  const merge = i64('merge_heads', [0, 0, S.hidden]);
  const scoreDiv = scalar('sqrt_head_dim', Math.sqrt(headDim));

  for (let l = 0; l < S.layers; l++) {
    const p = `layer_${l}`;
    const xq = g.op('DynamicQuantizeLinear', [hidden], {}, 3);
    const heads = (t: string, perm: number[]) =>
      g.one('Transpose', [g.one('Reshape', [t, split])], { perm });
    const q = heads(dense(`${p}_query`, xq, S.hidden, S.hidden), [0, 2, 1, 3]);
    const k = heads(dense(`${p}_key`, xq, S.hidden, S.hidden), [0, 2, 3, 1]);
    const v = heads(dense(`${p}_value`, xq, S.hidden, S.hidden), [0, 2, 1, 3]);
    const scores = g.one('Add', [g.one('Div', [g.one('MatMul', [q, k]), scoreDiv]), maskBias]);
    const context = g.one('MatMul', [g.one('Softmax', [scores], { axis: -1 }), v]);
    const merged = g.one('Reshape', [g.one('Transpose', [context], { perm: [0, 2, 1, 3] }), merge]);
    const attn = dense(
      `${p}_attention_output`,
      g.op('DynamicQuantizeLinear', [merged], {}, 3),
      S.hidden,
      S.hidden,
    );
    hidden = layerNorm(`${p}_attention_LayerNorm`, g.one('Add', [attn, hidden]));
    const up = dense(
      `${p}_intermediate`,
      g.op('DynamicQuantizeLinear', [hidden], {}, 3),
      S.hidden,
      S.intermediate,
    );
    // GELU as the export writes it: x · ½ · (1 + erf(x / √2)).
    const erf = g.one('Erf', [g.one('Div', [up, sqrt2])]);
    const gelu = g.one('Mul', [g.one('Mul', [up, g.one('Add', [erf, one])]), half]);
    const down = dense(
      `${p}_output`,
      g.op('DynamicQuantizeLinear', [gelu], {}, 3),
      S.intermediate,
      S.hidden,
    );
    hidden = layerNorm(`${p}_output_LayerNorm`, g.one('Add', [down, hidden]));
  }
  g.nodes.push({
    name: 'output',
    opType: 'Identity',
    input: [hidden],
    output: ['last_hidden_state'],
  });

  const dims = (...d: (number | string)[]) => ({
    dim: d.map((x) => (typeof x === 'number' ? { dimValue: x } : { dimParam: x })),
  });
  const tensor = (name: string, elemType: number, shape: ReturnType<typeof dims>) => ({
    name,
    type: { tensorType: { elemType, shape } },
  });
  const ids = dims('batch_size', 'sequence_length');
  const model: onnx.IModelProto = {
    irVersion: 8,
    producerName: 'soma-bench',
    opsetImport: [{ domain: '', version: 17 }],
    graph: {
      name: 'e5_shaped',
      node: g.nodes,
      initializer: g.initializers,
      input: ['input_ids', 'attention_mask', 'token_type_ids'].map((n) => tensor(n, T.INT64, ids)),
      output: [
        tensor('last_hidden_state', T.FLOAT, dims('batch_size', 'sequence_length', S.hidden)),
      ],
    },
  };
  return ModelProto.encode(model).finish();
}
