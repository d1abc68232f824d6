import { EmbedError } from './embedder.ts';
import {
  type OnnxReply,
  type OnnxRequest,
  OnnxRequestSchema,
  OnnxWorkerDataSchema,
} from './onnx-protocol.ts';
import { loadOnnxModel, modelFailed, type OnnxModel } from './onnx-session.ts';
import {
  lowerThisSession,
  lowerThisThreadPriority,
  MODEL_SESSION_NICE,
  MODEL_THREAD_NICE,
} from './thread-priority.ts';

/**
 * The ONNX embedder's worker process: tokenising, tensors, the runtime's run and pooling
 * all happen here, so the server's event loop never waits on the model. A process of its
 * own (onnx-embedder.ts starts it in a session of its own), so that the kernel can give
 * the model less than the user's programs as a whole: where it shares the CPU between
 * sessions first (autogroup), a thread's nice weighs only inside its session, and the
 * model's session is lowered here (thread-priority.ts). It ends with the server: when
 * the channel to it closes. Two lanes, one
 * request at a time: a search question goes before anything else, even between two runs
 * of a document request in flight, so it waits for at most one run (~512 tokens) of
 * document work, never a whole request; document requests and thread changes keep their
 * arrival order, so a thread change falls between two document requests.
 * Built as its own file (dist/server/onnx-worker.js); onnx-embedder.ts starts it.
 */

const send = process.send?.bind(process);
if (!send) throw new Error('onnx-worker runs as a child process with a channel to the server');
const post = (reply: OnnxReply) => {
  // A reply to a server that has gone is dropped: the process is ending.
  if (process.connected) send(reply);
};
const problemOf = (err: unknown) => (err instanceof EmbedError ? err : modelFailed(err)).problem;

// The server is gone (it ended, or closed the embedder): so is the model.
process.on('disconnect', () => process.exit(0));

// Before the runtime starts any thread of its own, so they inherit it.
lowerThisSession(MODEL_SESSION_NICE);
lowerThisThreadPriority(MODEL_THREAD_NICE);

let model: OnnxModel | null = null;
try {
  model = await loadOnnxModel(OnnxWorkerDataSchema.parse(JSON.parse(process.argv[2] ?? '')));
} catch (err) {
  // The process ends once the message has gone.
  send({ type: 'failed', id: null, problem: problemOf(err) } satisfies OnnxReply, () =>
    process.disconnect(),
  );
}

/** Search questions: served first, and between the runs of a document request. */
const questions: OnnxRequest[] = [];
/** Document requests and thread changes, in arrival order. */
const others: OnnxRequest[] = [];
let serving = false;

/** Lets the messages that came during a run in, then answers every question waiting. */
async function answerQuestions(loaded: OnnxModel): Promise<void> {
  // The runtime's run holds this thread, so a question posted meanwhile is delivered only
  // when the event loop turns: one turn here, before the next run, lets it in.
  await new Promise((resolve) => setImmediate(resolve));
  for (let q = questions.shift(); q; q = questions.shift()) await serve(q, loaded);
}

async function serve(request: OnnxRequest, loaded: OnnxModel): Promise<void> {
  if (request.type === 'embed') {
    try {
      const between = request.purpose === 'document' ? () => answerQuestions(loaded) : undefined;
      const vectors = await loaded.embed(request.texts, request.purpose, between);
      // Each vector has a buffer of its own: the channel's serialisation copies a view's whole buffer.
      post({ type: 'vectors', id: request.id, vectors });
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

/** Serves until both lanes are empty; a message that comes meanwhile joins its lane. */
async function drain(loaded: OnnxModel): Promise<void> {
  if (serving) return;
  serving = true;
  try {
    for (let next = questions.shift() ?? others.shift(); next; ) {
      await serve(next, loaded);
      next = questions.shift() ?? others.shift();
    }
  } finally {
    serving = false;
  }
}

if (model) {
  const loaded = model;
  process.on('message', (raw: unknown) => {
    // A request the worker cannot read throws here, and the process ends.
    const request = OnnxRequestSchema.parse(raw);
    const isQuestion = request.type === 'embed' && request.purpose === 'query';
    (isQuestion ? questions : others).push(request);
    void drain(loaded);
  });
  post({ type: 'ready' });
}
