import { type ChildProcess, type ForkOptions, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OnnxEmbedderConfig } from '../../harness/embeddings-schema.ts';
import { checkVectors, type Embedder, EmbedError, type EmbedPurpose } from './embedder.ts';
import {
  type OnnxReply,
  OnnxReplySchema,
  type OnnxRequest,
  type OnnxWorkerData,
  ThreadsSchema,
} from './onnx-protocol.ts';

/**
 * A local ONNX model (multilingual-e5-small int8 by default) from a folder the caller has
 * already checked. The model runs in a worker process (onnx-worker.ts), so tokenising and
 * inference never hold the server's event loop, and in a session of its own, so that the
 * kernel can weigh it below the user's programs (thread-priority.ts); this side only
 * passes messages and checks the answers. onnxruntime-node loads inside the worker, when
 * the first embedder is made: an idle server never loads it, and its memory goes back to
 * the system with the process. The worker answers a search question before the
 * document request in flight ends (between two of its runs), so searching while the vault
 * embeds waits for a fraction of a second, not for a whole batch.
 */

/** What the vectors depend on when the caller names no model: the shipped e5-small. */
const DEFAULT_LABEL = 'multilingual-e5-small int8';

/**
 * The server's Node flags the worker process runs with too (memory and garbage collection);
 * `--expose-gc` always, so that it can drop the tokenizer's construction garbage before
 * the model loads.
 */
function workerNodeFlags(): string[] {
  const kept = process.execArgv.filter((a) =>
    /^--(max-semi-space-size|max-old-space-size|single-threaded-gc)\b/.test(a),
  );
  return [...kept, '--expose-gc'];
}

/**
 * What the worker process inherits of the server's environment: only what a process needs
 * to run and find its temp folder. Never the provider keys the harness names
 * (`apiKeyEnv`): the model reads local files and needs no secret.
 */
const WORKER_ENV = /^(PATH|HOME|TMPDIR|TMP|TEMP|LANG|LC_[A-Z]+|SYSTEMROOT|USERPROFILE)$/i;

function workerEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => WORKER_ENV.test(name)));
}

/**
 * The worker's file: beside this module in the sources, beside the bundle's chunks once
 * built. Detached: a session of its own (setsid), whose weight the worker lowers; it still
 * ends with the server, when the channel closes.
 */
function startWorker(data: OnnxWorkerData): ChildProcess {
  const opts: ForkOptions = {
    // On Windows a detached child gets a console window of its own, and no session to lower.
    detached: process.platform !== 'win32',
    env: workerEnv(),
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  };
  const args = [JSON.stringify(data)];
  const built = fileURLToPath(new URL('./onnx-worker.js', import.meta.url));
  if (existsSync(built)) return fork(built, args, { ...opts, execArgv: workerNodeFlags() });
  // From sources (vitest, tsx) Node cannot load TypeScript by itself: tsx's loader first.
  const source = fileURLToPath(new URL('./onnx-worker.ts', import.meta.url));
  const tsx = import.meta.resolve('tsx');
  return fork(source, args, { ...opts, execArgv: [...workerNodeFlags(), '--import', tsx] });
}

/** A request before the link numbers it. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<OnnxRequest>;

/** What a pending call receives: the worker's answer, or why it will not come. */
type Outcome = { reply: OnnxReply } | { error: unknown };

/** One worker process and the calls waiting on it; it rejects them all when the worker ends. */
class WorkerLink {
  readonly ready: Promise<void>;
  /** Loaded: a call is posted at once, with nothing to wait for first. */
  loaded = false;
  private readonly worker: ChildProcess;
  private readonly exited: Promise<void>;
  private readonly pending = new Map<number, (outcome: Outcome) => void>();
  private nextId = 1;
  private ended: EmbedError | null = null;
  private lastError = '';

  constructor(data: OnnxWorkerData, onEnd: (link: WorkerLink) => void) {
    this.worker = startWorker(data);
    let settle: (err: EmbedError | null) => void = () => {};
    this.ready = new Promise((resolve, reject) => {
      settle = (err) => (err ? reject(err) : resolve());
    });
    // A start that fails is reported through `ready`; nobody may be awaiting it yet.
    this.ready.catch(() => {});
    this.worker.on('message', (raw: unknown) => {
      const parsed = OnnxReplySchema.safeParse(raw);
      if (!parsed.success) {
        this.lastError = 'unreadable reply';
        this.worker.kill();
        return;
      }
      const reply = parsed.data;
      if (reply.type === 'ready') {
        this.loaded = true;
        settle(null);
        this.idle();
      } else if (reply.type === 'failed') {
        const error = new EmbedError(reply.problem, false);
        if (reply.id === null) settle(error);
        else this.pending.get(reply.id)?.({ error });
      } else {
        this.pending.get(reply.id)?.({ reply });
      }
    });
    // A process that could not start, or a message that could not go: the exit follows.
    this.worker.on('error', (err) => {
      this.lastError = String(err).slice(0, 200);
    });
    this.exited = new Promise((resolve) => {
      this.worker.on('exit', (code, signal) => {
        const how = code === null ? `killed (${signal})` : `exited (${code})`;
        this.ended = new EmbedError(
          { code: 'model_failed', params: { reason: this.lastError || `worker ${how}` } },
          false,
        );
        settle(this.ended);
        for (const answer of [...this.pending.values()]) answer({ error: this.ended });
        onEnd(this);
        resolve();
      });
    });
  }

  /** Sends one request; an aborted signal rejects at once and its answer is dropped. */
  request(message: Request, signal?: AbortSignal): Promise<OnnxReply> {
    if (this.ended) return Promise.reject(this.ended);
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => finish({ error: signal?.reason });
      const finish = (outcome: Outcome) => {
        this.pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        this.idle();
        if ('reply' in outcome) resolve(outcome.reply);
        else reject(outcome.error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, finish);
      this.worker.ref();
      this.worker.channel?.ref();
      this.worker.send({ ...message, id } satisfies OnnxRequest, (err) => {
        if (err) this.lastError = String(err).slice(0, 200);
      });
    });
  }

  async terminate(): Promise<void> {
    this.lastError = 'closed';
    if (this.ended) return;
    // Held while it ends, or a caller awaiting this could see its event loop run dry.
    this.worker.ref();
    this.worker.kill();
    await this.exited;
  }

  /** An idle worker must not keep a server alive that has nothing else to do. */
  private idle(): void {
    if (this.pending.size > 0) return;
    this.worker.unref();
    this.worker.channel?.unref();
  }
}

/** Rejects when `signal` aborts, without waiting for `p`. */
function abortable<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Starts the worker and waits for the model to load; a failure is the worker's code
 * (`onnx_runtime_missing`, `tokenizer_missing` where a package cannot load, else
 * `model_failed`). `threads` is the CPU budget (intra-op threads, default 1), `label` names
 * the model in `Embedder.model`. A worker that dies fails the call in flight and the next
 * call starts a new one.
 */
export async function createOnnxEmbedder(
  config: OnnxEmbedderConfig,
  opts: { threads?: number; label?: string } = {},
): Promise<Embedder> {
  let threads = ThreadsSchema.parse(opts.threads ?? 1);
  let link: WorkerLink | null = null;
  let closed = false;
  const open = (): WorkerLink => {
    if (closed) {
      throw new EmbedError({ code: 'model_failed', params: { reason: 'closed' } }, false);
    }
    link ??= new WorkerLink(
      {
        modelDir: config.modelDir,
        maxTokens: config.maxTokens,
        queryPrefix: config.queryPrefix,
        documentPrefix: config.documentPrefix,
        threads,
      },
      (ended) => {
        if (link === ended) link = null;
      },
    );
    return link;
  };
  await open().ready;

  return {
    kind: 'onnx',
    model: `onnx:${opts.label ?? DEFAULT_LABEL}`,
    dimensions: config.dimensions,
    batchSize: config.batchSize,
    local: true,
    endpoint: null,
    get threads() {
      return threads;
    },
    async embed(texts: string[], purpose: EmbedPurpose, signal?: AbortSignal) {
      signal?.throwIfAborted();
      if (texts.length === 0) return [];
      const worker = open();
      if (!worker.loaded) await abortable(worker.ready, signal);
      const reply = await worker.request({ type: 'embed', texts, purpose }, signal);
      if (reply.type !== 'vectors') {
        throw new EmbedError({ code: 'model_failed', params: { reason: reply.type } }, false);
      }
      return checkVectors(reply.vectors, texts.length, config.dimensions);
    },
    async setThreads(next: number) {
      const budget = ThreadsSchema.parse(next);
      // No worker now: the next one starts with the new budget.
      if (link) {
        const worker = link;
        // Posted at once when loaded, so it runs before any document call made after this
        // one (a search question may still go first: it never waits behind this lane).
        if (!worker.loaded) await worker.ready;
        await worker.request({ type: 'threads', threads: budget });
      }
      threads = budget;
    },
    async close() {
      closed = true;
      await link?.terminate();
    },
  };
}
