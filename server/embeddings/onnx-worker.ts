import { parentPort, workerData } from 'node:worker_threads';
import { EmbedError } from './embedder.ts';
import { type OnnxReply, OnnxRequestSchema, OnnxWorkerDataSchema } from './onnx-protocol.ts';
import { loadOnnxModel, modelFailed, type OnnxModel } from './onnx-session.ts';

/**
 * The ONNX embedder's worker thread: tokenising, tensors, the runtime's run and pooling
 * all happen here, so the server's event loop never waits on the model. It serves one
 * request at a time, in arrival order, so a thread change falls between two embed calls.
 * Built as its own file (dist/server/onnx-worker.js); onnx-embedder.ts starts it.
 */

const port = parentPort;
if (!port) throw new Error('onnx-worker runs as a worker thread');
const post = (reply: OnnxReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
const problemOf = (err: unknown) => (err instanceof EmbedError ? err : modelFailed(err)).problem;

let model: OnnxModel | null = null;
try {
  model = await loadOnnxModel(OnnxWorkerDataSchema.parse(workerData));
} catch (err) {
  // Nothing listens on the port, so the worker ends after this message.
  post({ type: 'failed', id: null, problem: problemOf(err) });
}

async function serve(raw: unknown, loaded: OnnxModel): Promise<void> {
  const request = OnnxRequestSchema.parse(raw);
  if (request.type === 'embed') {
    try {
      const vectors = await loaded.embed(request.texts, request.purpose);
      post(
        { type: 'vectors', id: request.id, vectors },
        vectors.map((v) => v.buffer as ArrayBuffer),
      );
    } catch (err) {
      post({ type: 'failed', id: request.id, problem: problemOf(err) });
    }
    return;
  }
  try {
    await loaded.setThreads(request.threads);
    post({ type: 'done', id: request.id });
  } catch (err) {
    // The old session is gone: end, and the next call starts a fresh worker.
    post({ type: 'failed', id: request.id, problem: problemOf(err) });
    process.exit(1);
  }
}

if (model) {
  const loaded = model;
  let queue = Promise.resolve();
  port.on('message', (raw: unknown) => {
    queue = queue.then(() => serve(raw, loaded));
  });
  post({ type: 'ready' });
}
