/**
 * The network failure behind the last saved copy served instead of the server's note,
 * so the app can still say the server is unreachable (offline-banner.tsx reports it).
 */
let onServedFromCache: ((error: unknown) => void) | null = null;

/** Who hears of it (one listener: the offline banner). */
export function listenServedFromCache(listener: ((error: unknown) => void) | null): void {
  onServedFromCache = listener;
}

/** Called by readNote when the saved copy answered for an unreachable server. */
export function setServedFromCache(error: unknown): void {
  onServedFromCache?.(error);
}
