/**
 * An HTTP `Retry-After` header as milliseconds to wait: a number of seconds or an HTTP
 * date (measured from `now`); never negative. Null when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
