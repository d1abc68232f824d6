import { ApiError } from '../http/api-error.ts';

/** Options of {@link RateLimiter}. */
export interface RateLimiterOptions {
  /** Attempts allowed per key within one window. */
  max: number;
  windowMs: number;
  clock?: () => number;
  /** Keys tracked at most; beyond it the oldest are dropped so memory stays bounded. */
  maxKeys?: number;
}

/** The answer of {@link RateLimiter.hit}. */
export interface RateLimitResult {
  ok: boolean;
  /** Whole seconds until the key may try again; 0 when `ok`. */
  retryAfterSec: number;
}

/**
 * A fixed-window counter per key (a client address), for login and pairing attempts:
 * e.g. `new RateLimiter({ max: 10, windowMs: 60_000 })`. Every attempt counts, good or
 * bad, so guessing stays slow.
 */
export class RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #clock: () => number;
  readonly #maxKeys: number;
  /** In insertion order, which is window-start order: the oldest come first. */
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  constructor(opts: RateLimiterOptions) {
    this.#max = opts.max;
    this.#windowMs = opts.windowMs;
    this.#clock = opts.clock ?? Date.now;
    this.#maxKeys = opts.maxKeys ?? 10_000;
  }

  /** Counts one attempt by `key` and says whether it may go ahead. */
  hit(key: string): RateLimitResult {
    const now = this.#clock();
    this.#sweep(now);
    let w = this.#windows.get(key);
    if (!w || now >= w.resetAt) {
      this.#windows.delete(key);
      w = { count: 0, resetAt: now + this.#windowMs };
      this.#windows.set(key, w);
    }
    w.count += 1;
    if (w.count <= this.#max) return { ok: true, retryAfterSec: 0 };
    return { ok: false, retryAfterSec: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  /** How many keys are tracked (for tests of the memory bound). */
  get size(): number {
    return this.#windows.size;
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows) {
      // Oldest first, so the first live window ends the sweep.
      if (now < w.resetAt && this.#windows.size < this.#maxKeys) break;
      this.#windows.delete(key);
    }
  }
}

/** The 429 of a key over its limit, with the `Retry-After` the limiter computed. */
export function tooManyAttempts(limit: RateLimitResult): ApiError {
  const headers = { 'Retry-After': String(limit.retryAfterSec) };
  return new ApiError(429, 'rate_limited', 'Demasiados intentos; espera un momento.', { headers });
}
