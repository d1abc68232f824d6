import { ModelInstallError } from './model-source.ts';

/** How many redirects are followed? Hugging Face sends one (to its CDN); more is a loop. */
export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GET that follows redirects itself: bounded, only to http(s), and with nothing but the
 * headers given (no cookies, no credentials) on every hop. Answers any other status as is.
 */
export async function httpGet(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  let at = url;
  for (let hop = 0; ; hop++) {
    const res = await fetchFn(at, { headers, redirect: 'manual', credentials: 'omit', signal });
    if (!REDIRECTS.has(res.status)) return res;
    await res.body?.cancel().catch(() => undefined);
    const location = res.headers.get('location');
    const next = location ? URL.parse(location, at) : null;
    if (!next || !/^https?:$/.test(next.protocol) || hop >= MAX_REDIRECTS) {
      throw new ModelInstallError('http_status', { status: res.status, url: at });
    }
    next.username = '';
    next.password = '';
    at = next.href;
  }
}

/** The first byte a `206` carries, when its Content-Range is the rest of a `total`-byte file. */
export function rangeStart(contentRange: string | null, total: number): number | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange?.trim() ?? '');
  if (!m) return null;
  const [start, end] = [Number(m[1]), Number(m[2])];
  if (end !== total - 1 || (m[3] !== '*' && Number(m[3]) !== total)) return null;
  return start;
}

/** Why a request failed without an answer: the code of the system error under fetch's TypeError. */
export function networkReason(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
    const cause = (e as { cause?: unknown }).cause;
    // undici names some refusals only in words («bad port», «other side closed»).
    if (!cause && e instanceof Error && e.message) return e.message;
    e = cause;
  }
  return 'unknown';
}
