import { createSignal } from 'solid-js';
import { isNetworkError } from '../lib/api-error.ts';
import { SERVER_RETRY_MS } from '../lib/timing.ts';

/**
 * The app-wide problem shown in the error banner (server down, unexpected
 * answer), with one way to retry: reload everything. A server that cannot be
 * reached is retried on its own every few seconds.
 */
export function createConnectionStore(retryAll: () => Promise<void>) {
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

  return {
    error,
    retrying,
    /** True while the banner says the server cannot be reached. */
    serverDown: () => isNetworkError(error()),
    retry,
    /** Shows a problem in the banner; network failures also schedule an automatic retry. */
    report(problem: unknown) {
      setError(problem);
      clearTimeout(timer);
      if (isNetworkError(problem)) timer = setTimeout(() => void retry(), SERVER_RETRY_MS);
    },
    dismiss() {
      clearTimeout(timer);
      setError(null);
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
