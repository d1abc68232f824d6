import * as z from 'zod/mini';
import { EmbedProblemSchema } from '../../common/embedding-schemas.ts';

/**
 * The messages between the ONNX embedder (main thread) and its worker (onnx-worker.ts).
 * Each side parses what it receives: a worker that answers something else is treated as
 * a failed model, and a request the worker cannot read ends it.
 */

/** Intra-op threads of the runtime: the CPU the model may use (two cores on the target laptop). */
export const ThreadsSchema = z.int().check(z.gte(1), z.lte(64));

/** What a worker is started with. */
export const OnnxWorkerDataSchema = z.object({
  modelDir: z.string(),
  maxTokens: z.int().check(z.gte(2)),
  queryPrefix: z.string(),
  documentPrefix: z.string(),
  threads: ThreadsSchema,
});
export type OnnxWorkerData = z.infer<typeof OnnxWorkerDataSchema>;

const IdSchema = z.int().check(z.positive());

/** Main thread → worker. */
export const OnnxRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('embed'),
    id: IdSchema,
    texts: z.array(z.string()),
    purpose: z.enum(['document', 'query']),
  }),
  /** Re-creates the session with another thread count, between two embed requests. */
  z.object({ type: z.literal('threads'), id: IdSchema, threads: ThreadsSchema }),
]);
export type OnnxRequest = z.infer<typeof OnnxRequestSchema>;

/** Worker → main thread. `failed` with a null id is a start that failed (the worker ends). */
export const OnnxReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('vectors'),
    id: IdSchema,
    vectors: z.array(z.instanceof(Float32Array)),
  }),
  z.object({ type: z.literal('done'), id: IdSchema }),
  z.object({ type: z.literal('failed'), id: z.nullable(IdSchema), problem: EmbedProblemSchema }),
]);
export type OnnxReply = z.infer<typeof OnnxReplySchema>;
