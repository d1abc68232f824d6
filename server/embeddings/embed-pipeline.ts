import type { VaultEvent } from '../../common/api-schemas.ts';
import {
  type EmbedCounters,
  type EmbedProblem,
  zeroCounters,
} from '../../common/embedding-schemas.ts';
import type { Vault } from '../vault/vault.ts';
import { type Backoff, backoffMs, DEFAULT_BACKOFF, sleep } from './backoff.ts';
import { embedBatch } from './embed-batch.ts';
import { type Embedder, EmbedError } from './embedder.ts';
import { NoteQueue, type Pending } from './note-queue.ts';
import type { VectorStore } from './vector-store.ts';

export type PipelineState = 'paused' | 'waiting_consent' | 'embedding' | 'idle' | 'failing';

/**
 * Keeps the vector store in step with the vault in the background: at start it embeds
 * every note whose hash differs from the stored one and drops notes gone from the vault,
 * then follows the vault's events. One batch at a time (the embedder is the bottleneck,
 * and chat must not wait on a busy CPU), stored as soon as it is embedded: the next batch
 * is read while one embeds, and written while the next ones embed, so stopping loses at
 * most the batch in flight and the writes that had not ended.
 * Failures back off and retry the same batch.
 */
export class EmbedPipeline {
  private readonly queue: NoteQueue;
  readonly counters: EmbedCounters = zeroCounters();
  private current: PipelineState = 'idle';
  lastError: EmbedProblem | null = null;
  private readonly abort = new AbortController();
  private wake: () => void = () => {};
  /** A wake-up that came while the loop was busy: the next idle() returns at once. */
  private woken = false;
  /** Aborts the batch in flight and its back-off when the user switches the layer off. */
  private batchAbort = new AbortController();
  /** Cuts the back-off short when the user asks to retry now (the request in flight goes on). */
  private retryAbort = new AbortController();
  /** A retry was asked since the current request went out: if it fails, no back-off. */
  private retryAsked = false;
  /** Callers of halt() waiting for the loop to park. */
  private parkedWaiters: (() => void)[] = [];
  /** The loop has ended (stopped, or a fault it logged): nothing will be sent any more. */
  private ended = false;
  private running: Promise<void> = Promise.resolve();
  /**
   * Batches' writes still going while later batches embed, oldest first: at most two, so a
   * slow disk never holds the model and a failing one ends the loop a batch or two later.
   */
  private writes: Promise<void>[] = [];
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly deps: {
      vault: Pick<Vault, 'manifest' | 'readNote' | 'onEvent'>;
      store: VectorStore;
      embedder: Embedder;
      /** True while note text may be sent (always for local embedders). */
      mayEmbed: () => boolean;
      /** True while the user switched the layer off: nothing is embedded or sent. */
      paused?: () => boolean;
      backoff?: Backoff;
      /** Told of every failure as it happens (a status push, tests). */
      onFailure?: (problem: EmbedProblem) => void;
      /** Told when the state changes (the browser is told to copy the vectors). */
      onState?: (state: PipelineState) => void;
      log?: (line: string) => void;
    },
  ) {
    this.queue = new NoteQueue(deps);
  }

  get state(): PipelineState {
    return this.current;
  }

  private set state(next: PipelineState) {
    if (next === this.current) return;
    this.current = next;
    this.deps.onState?.(next);
  }

  /** Subscribes to the vault and starts the background loop; returns at once. */
  start(): void {
    this.unsubscribe = this.deps.vault.onEvent((e) => this.onVaultEvent(e));
    this.running = this.queue
      .reconcile()
      .then(() => this.loop())
      .finally(() => this.written())
      .catch((err) => {
        if (!this.abort.signal.aborted) this.deps.log?.(`[embeddings] parado: ${String(err)}`);
      })
      .finally(() => {
        this.ended = true;
        this.releaseParked();
      });
  }

  /** Stops after aborting the batch in flight; what was stored stays stored. */
  async stop(): Promise<void> {
    this.unsubscribe();
    this.abort.abort();
    this.wakeUp();
    await this.running;
    this.releaseParked();
    await this.deps.store.flush().catch(() => {});
  }

  /** Call after consent is given or the layer switched back on: the loop stops waiting. */
  poke(): void {
    this.wakeUp();
  }

  /**
   * Call after `paused` turned true or `mayEmbed` false (consent withdrawn): aborts the
   * request in flight and its back-off (its notes go back to the queue) and resolves once
   * the loop is parked, so nothing more reaches the embedder.
   */
  halt(): Promise<void> {
    return new Promise((resolve) => {
      if (this.abort.signal.aborted || this.ended) return resolve();
      this.parkedWaiters.push(resolve);
      this.batchAbort.abort();
      this.wakeUp();
    });
  }

  /**
   * The user fixed the endpoint or model and asks to retry now: the back-off after a
   * failure ends at once and the failed batch is sent again. Nothing changes otherwise.
   */
  retryNow(): void {
    this.retryAsked = true;
    this.retryAbort.abort();
    this.retryAbort = new AbortController();
    this.wakeUp();
  }

  private releaseParked(): void {
    for (const resolve of this.parkedWaiters.splice(0)) resolve();
  }

  private wakeUp(): void {
    this.woken = true;
    this.wake();
  }

  /**
   * Counts a search query sent to the embedder like a batch request: its characters left
   * the machine when the embedder is not local. A failed query is a failure the status
   * shows (the endpoint is down even with nothing left to embed); one that succeeds while
   * no batch is failing clears it.
   */
  countQuery(characters: number, problem: EmbedProblem | null): void {
    this.counters.requests++;
    if (!this.deps.embedder.local) this.counters.charactersSent += characters;
    if (problem) {
      this.counters.failures++;
      this.lastError = problem;
      if (this.state === 'idle') this.state = 'failing';
      this.deps.onFailure?.(problem);
    } else if (this.state === 'failing' && this.queue.size === 0) {
      this.lastError = null;
      this.state = 'idle';
    }
  }

  progress(): { notesDone: number; notesTotal: number; chunks: number } {
    return this.queue.progress();
  }

  /** What would leave the machine if embedding went ahead now. */
  pending(): { notes: number; characters: number } {
    return this.queue.pending();
  }

  private onVaultEvent(e: VaultEvent): void {
    this.queue.onVaultEvent(e);
    this.wakeUp();
  }

  private async loop(): Promise<void> {
    const signal = this.abort.signal;
    // The next batch, read while the one before it embeds (the model waits on no disk);
    // its notes go back to the queue whenever the loop rests.
    let next: Promise<Pending[]> | null = null;
    const putBack = async () => {
      const taken = next;
      next = null;
      if (taken) this.queue.requeue((await taken).map((p) => p.path));
    };
    try {
      while (!signal.aborted) {
        // Checked before every batch (halt() also aborts the one in flight): paused, nothing is sent.
        if (this.paused()) {
          await putBack();
          await this.written();
          this.state = 'paused';
          this.releaseParked();
          await this.idle();
          continue;
        }
        if (this.queue.size === 0 && !next) {
          await this.written();
          this.state = this.lastError ? 'failing' : 'idle';
          await this.idle();
          continue;
        }
        if (!this.deps.mayEmbed()) {
          await putBack();
          await this.queue.surveyQueue();
          this.state = 'waiting_consent';
          await this.idle();
          continue;
        }
        if (this.state !== 'failing') this.state = 'embedding';
        const batch = await (next ?? this.queue.takeBatch(this.deps.embedder.batchSize));
        next = null;
        if (this.queue.size > 0) {
          next = this.queue.takeBatch(this.deps.embedder.batchSize);
          // Awaited on the next turn or by putBack; a failed read ends the loop there.
          next.catch(() => {});
        }
        await this.embedWithRetry(batch);
        // Let requests in between batches run first.
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      await putBack();
    }
  }

  /** Resolves once every batch embedded so far is on disk; rejects if a write failed. */
  private async written(): Promise<void> {
    for (let w = this.writes.shift(); w; w = this.writes.shift()) await w;
  }

  private paused(): boolean {
    return this.deps.paused?.() ?? false;
  }

  /** Whether a request with note text may go out now: not paused, and consent holds. */
  private allowed(): boolean {
    return !this.paused() && this.deps.mayEmbed();
  }

  private idle(): Promise<void> {
    // Waiting, the loop sends nothing: whoever halted it may go on.
    this.releaseParked();
    return new Promise((resolve) => {
      this.wake = resolve;
      if (this.abort.signal.aborted || this.woken) resolve();
      this.woken = false;
    });
  }

  private async embedWithRetry(batch: Pending[]): Promise<void> {
    const backoff = this.deps.backoff ?? DEFAULT_BACKOFF;
    if (this.batchAbort.signal.aborted) this.batchAbort = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, this.batchAbort.signal]);
    for (let attempt = 0; !signal.aborted && this.allowed(); attempt++) {
      this.retryAsked = false;
      try {
        const done = await embedBatch(
          batch,
          {
            ...this.deps,
            mayEmbed: () => this.allowed(),
            queue: this.queue,
            counters: this.counters,
          },
          signal,
        );
        if (!done) break;
        this.writes.push(done.stored);
        if (this.writes.length > 2) await this.writes.shift();
        this.lastError = null;
        this.state = 'embedding';
        return;
      } catch (err) {
        if (signal.aborted || !this.allowed()) break;
        if (!(err instanceof EmbedError)) throw err;
        // Told with what came before it on disk, as the status shows it.
        await this.written();
        this.counters.failures++;
        this.lastError = err.problem;
        this.state = 'failing';
        this.deps.onFailure?.(err.problem);
        // Asked while this request was out (sent, perhaps, before the user's fix): no sleep
        // for the retry to cut short, so the batch goes again now, the back-off from the start.
        if (this.retryAsked) {
          attempt = -1;
          continue;
        }
        const wait = backoffMs(backoff, attempt, err);
        await sleep(wait, AbortSignal.any([signal, this.retryAbort.signal]));
        if (this.retryAsked) attempt = -1;
      }
    }
    // Stopped, paused or consent withdrawn mid-batch: the notes go back, so a later start
    // (or consent given again) embeds them.
    this.queue.requeue(batch.map((p) => p.path));
  }
}
