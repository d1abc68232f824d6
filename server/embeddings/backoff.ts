/** How long to wait before retrying a failed batch: doubling from base, capped at max. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** After a failure retrying cannot fix by itself (wrong dimension, bad answer). */
  permanentMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 60_000, permanentMs: 10 * 60_000 };

/**
 * The wait before retry number `attempt` (from 0): the server's `Retry-After` when it
 * gave one, else doubling for a failure that may pass, or the long wait for one that won't.
 */
export function backoffMs(
  backoff: Backoff,
  attempt: number,
  failure: { transient: boolean; retryAfterMs: number | null },
): number {
  if (!failure.transient) return backoff.permanentMs;
  return failure.retryAfterMs ?? Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
}

/** Resolves after `ms`, or at once when `signal` aborts (a stop, a pause, a retry now). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}
