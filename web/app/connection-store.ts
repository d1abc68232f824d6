import { createSignal } from 'solid-js';
import { isNetworkError } from '../lib/api-error.ts';
import { SERVER_RETRY_MS } from '../lib/timing.ts';

/**
 * The app-wide problem (server down, unexpected answer), with one way to retry: reload
 * everything. A server that cannot be reached is retried on its own every few seconds.
 * Offline means exactly that the server does not answer: the browser's own idea of the
 * network (`navigator.onLine`) is wrong both ways (a laptop with no network interface
 * still reaches its server on loopback), so its `online` and `offline` events only make
 * the store ask the server (`check`).
 */
export function createConnectionStore(retryAll: () => Promise<void>, ping: () => Promise<void>) {
  const [error, setError] = createSignal<unknown>(null);
  const [retrying, setRetrying] = createSignal(false);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = async () => {
    clearTimeout(timer);
    if (retrying()) return;
    setRetrying(true);
    setError(null);
    try {
      await retryAll();
    } finally {
      setRetrying(false);
    }
  };

  const serverDown = () => isNetworkError(error());
  /** Shows a problem; network failures also schedule an automatic retry. */
  const report = (problem: unknown) => {
    setError(problem);
    clearTimeout(timer);
    if (isNetworkError(problem)) timer = setTimeout(() => void retry(), SERVER_RETRY_MS);
  };

  return {
    error,
    retrying,
    /** True while the server does not answer: the app is offline (offline-banner.tsx). */
    serverDown,
    retry,
    report,
    /** Asks the server now: down when nothing answers; back, everything is loaded again. */
    async check(): Promise<void> {
      try {
        await ping();
      } catch (problem) {
        if (isNetworkError(problem)) report(problem);
        return;
      }
      if (serverDown()) await retry();
    },
    dismiss() {
      clearTimeout(timer);
      setError(null);
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
