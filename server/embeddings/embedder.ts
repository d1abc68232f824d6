import type { EmbedProblem } from '../../common/embedding-schemas.ts';

/** Whether a text is a note's chunk or a search query (e5 and nomic embed them differently). */
export type EmbedPurpose = 'document' | 'query';

/**
 * Turns texts into vectors: an OpenAI-compatible endpoint, an in-process ONNX model or
 * the deterministic test embedder. Vectors come back in input order, checked for count,
 * dimension and finiteness (checkVectors), not yet normalised.
 */
export interface Embedder {
  readonly kind: 'endpoint' | 'onnx' | 'test';
  /** What the vectors depend on; a change re-embeds everything. */
  readonly model: string;
  readonly dimensions: number;
  /** Texts per call. */
  readonly batchSize: number;
  /** False when texts leave the machine. */
  readonly local: boolean;
  /** Base URL of an endpoint, null otherwise. */
  readonly endpoint: string | null;
  /** CPU threads the model may use (in-process models); absent for remote ones. */
  readonly threads?: number;
  /** `signal` aborts a call in flight (the pipeline stopping). */
  embed(texts: string[], purpose: EmbedPurpose, signal?: AbortSignal): Promise<Float32Array[]>;
  /** Changes the CPU budget between two calls, never during one. */
  setThreads?(threads: number): Promise<void>;
  close?(): Promise<void>;
}

/** An embedder failure with a code the status shows; `retryAfterMs` when the upstream said. */
export class EmbedError extends Error {
  constructor(
    readonly problem: EmbedProblem,
    /** Worth retrying the same batch later (rate limit, server error, time-out, network). */
    readonly transient: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${problem.code} ${JSON.stringify(problem.params)}`);
    this.name = 'EmbedError';
  }
}

/** Checks what an embedder returned against what was asked: the pipeline stores only this. */
export function checkVectors(
  vectors: readonly ArrayLike<unknown>[],
  expected: number,
  dimensions: number,
): Float32Array[] {
  if (vectors.length !== expected) {
    throw new EmbedError(
      { code: 'count_mismatch', params: { expected, got: vectors.length } },
      false,
    );
  }
  return vectors.map((v) => {
    if (v.length !== dimensions) {
      throw new EmbedError(
        { code: 'wrong_dimensions', params: { expected: dimensions, got: v.length } },
        false,
      );
    }
    if (!Array.prototype.every.call(v, (x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new EmbedError({ code: 'bad_vector', params: {} }, false);
    }
    return Float32Array.from(v as ArrayLike<number>);
  });
}
