import { createSignal } from 'solid-js';

const [online, setOnline] = createSignal(typeof navigator === 'undefined' || navigator.onLine);
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setOnline(true));
  window.addEventListener('offline', () => setOnline(false));
}

/** Whether the browser believes it has a network (a failed fetch says more; see the connection store). */
export const browserOnline = online;

/**
 * The network failure behind the last saved copy served instead of the server's note,
 * so the app can still say the server is unreachable (offline-banner.tsx reports it).
 */
let onServedFromCache: ((error: unknown) => void) | null = null;

/** Who hears of it (one listener: the offline banner). */
export function listenServedFromCache(listener: ((error: unknown) => void) | null): void {
  onServedFromCache = listener;
}

/** Called by getNote when the saved copy answered for an unreachable server. */
export function setServedFromCache(error: unknown): void {
  onServedFromCache?.(error);
}
