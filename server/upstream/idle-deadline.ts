/**
 * The time-out of one upstream request: aborts `signal` when `ms` pass without `arm()`
 * being called again, and follows the caller's signal. A chat stream re-arms it at each
 * chunk, so it bounds every wait (for the answer, then between chunks) and not the whole
 * answer; a one-shot request arms it once.
 */
export class IdleDeadline {
  readonly #controller = new AbortController();
  readonly #parent: AbortSignal | undefined;
  readonly #onParentAbort = () => this.#controller.abort();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

  constructor(
    readonly ms: number,
    parent?: AbortSignal,
  ) {
    this.#parent = parent;
    if (parent?.aborted) this.#controller.abort();
    else parent?.addEventListener('abort', this.#onParentAbort, { once: true });
    this.arm();
  }

  /** Aborts when the caller aborts, the deadline passes, or `close()` is called. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True once the deadline, rather than the caller, aborted the request. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** True when the caller's own signal aborted. */
  get callerAborted(): boolean {
    return this.#parent?.aborted ?? false;
  }

  /** Starts the wait again from now. */
  arm(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort();
    }, this.ms);
  }

  /** Stops the clock (while our own consumer, not the upstream, is slow). */
  pause(): void {
    clearTimeout(this.#timer);
  }

  /** Ends the request: the clock stops and the connection, if still open, is closed. */
  close(): void {
    clearTimeout(this.#timer);
    this.#parent?.removeEventListener('abort', this.#onParentAbort);
    this.#controller.abort();
  }
}
