import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../http/api-error.ts';
import { fetchErrorText } from '../upstream/http-fetch.ts';
import { isPublicAddress, literalAddress } from './address-policy.ts';
import { decodeBody } from './decode-body.ts';
import { checkType, isHtml, mediaType, sniffType } from './page-type.ts';
import { readBody } from './read-body.ts';

/**
 * Downloads one page for /extraer with the limits a user expects, and only
 * from public addresses (see address-policy.ts).
 *
 * SSRF design: each hop's host is resolved once, every address it resolves to
 * is checked, and the socket then connects to that checked address through a
 * `lookup` hook on node:http(s), which hands net.connect the pinned address
 * instead of resolving again. So a DNS answer that changes between the check
 * and the connection (DNS rebinding) cannot slip a private address through,
 * while TLS still verifies the certificate against the hostname. Redirects
 * are followed by hand and every hop goes through the same check. Sockets are
 * never pooled (`agent: false`), so no connection outlives its check.
 * node:http was chosen over fetch because fetch's pinning needs undici's
 * Agent, which is not a dependency of SOMA.
 */

export interface FetchPageOptions {
  /** True allows every address; a function allows the addresses it accepts (tests). */
  allowPrivate: boolean | ((address: string) => boolean);
  /** For the whole download, redirects included. */
  timeoutMs: number;
  /** Largest body read, after decompression. */
  maxBytes: number;
  maxRedirects: number;
  /** Resolves a hostname to its addresses; the system resolver by default. */
  lookup?: (host: string) => Promise<string[]>;
}

export const FETCH_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: string;
  /** Media type without parameters: `text/html`, `text/plain`… */
  contentType: string;
  /** The encoding the body was decoded with (WHATWG name). */
  charset: string;
  text: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; SOMA/0.1; lector de páginas)',
  accept: 'text/html,application/xhtml+xml,text/markdown,text/plain;q=0.9,*/*;q=0.1',
  'accept-language': 'es,en;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
};

/** Fetches a page; every failure is an ApiError with a Spanish message. */
export async function fetchPage(input: string, opts: FetchPageOptions): Promise<FetchedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    let url = parseTarget(input);
    for (let hop = 0; ; hop++) {
      const address = await abortable(checkedAddress(url, opts), controller.signal);
      const res = await get(url, address, controller.signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.destroy();
        if (hop >= opts.maxRedirects) {
          throw new ApiError(
            502,
            'fetch_failed',
            `Demasiadas redirecciones (más de ${opts.maxRedirects}).`,
          );
        }
        url = parseTarget(new URL(location, url).href);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new ApiError(
          502,
          'fetch_failed',
          `La página respondió con un error (HTTP ${status}).`,
        );
      }
      const header = res.headers['content-type'] ?? null;
      const declared = header ? mediaType(header) : null;
      if (declared) checkType(declared, () => res.destroy());
      const bytes = await readBody(res, opts.maxBytes, controller.signal);
      const contentType = declared ?? sniffType(bytes);
      checkType(contentType, () => res.destroy());
      const { text, charset } = decodeBody(bytes, header, isHtml(contentType));
      return { url: url.href, contentType, charset, text };
    }
  } catch (err) {
    if (controller.signal.aborted) {
      const seconds = String(Number((opts.timeoutMs / 1000).toFixed(1))).replace('.', ',');
      throw new ApiError(504, 'timeout', `La página no terminó de llegar en ${seconds} s.`);
    }
    if (err instanceof ApiError) throw err;
    throw new ApiError(
      502,
      'fetch_failed',
      `No se pudo descargar la página (${fetchErrorText(err)}).`,
    );
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** An absolute http(s) URL, or a refusal that says why. */
function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError(400, 'bad_request', `«${text.slice(0, 200)}» no es una URL válida.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError(
      400,
      'url_refused',
      `Solo se extraen direcciones http:// y https:// (esta empieza por «${url.protocol}»).`,
      { params: { reason: 'scheme', protocol: url.protocol } },
    );
  }
  return url;
}

/** Resolves the host and checks every address; returns the one to connect to. */
async function checkedAddress(url: URL, opts: FetchPageOptions): Promise<string> {
  const literal = literalAddress(url.hostname);
  let addresses: string[];
  try {
    addresses = literal ? [literal] : await (opts.lookup ?? systemLookup)(url.hostname);
  } catch {
    throw new ApiError(502, 'fetch_failed', `No se encontró el servidor «${url.hostname}».`);
  }
  const allowed = (a: string) =>
    typeof opts.allowPrivate === 'function'
      ? opts.allowPrivate(a) || isPublicAddress(a)
      : opts.allowPrivate || isPublicAddress(a);
  // All of them, not just the first: the connection could otherwise land on any.
  const refused = addresses.find((a) => !allowed(a));
  if (refused !== undefined || addresses.length === 0) {
    const where = literal ? url.hostname : `${url.hostname} → ${refused ?? 'ninguna dirección'}`;
    throw new ApiError(
      400,
      'url_refused',
      `SOMA no abre direcciones locales ni privadas (${where}): así ninguna página ni ningún mensaje puede usarlo para llegar a tu ordenador o a tu router. Para permitirlas, pon extract.allowPrivateAddresses a true en el arnés.`,
      {
        params: {
          reason: 'private',
          host: url.hostname,
          ...(refused && !literal ? { address: refused } : {}),
        },
      },
    );
  }
  return addresses[0]!;
}

async function systemLookup(host: string): Promise<string[]> {
  const all = await dnsLookup(host, { all: true, verbatim: true });
  return all.map((a) => a.address);
}

/** One GET to the checked address; the hostname still goes in Host and in TLS. */
function get(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  const family = isIP(address);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { headers: HEADERS, agent: false, lookup: pinned, signal },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** Rejects when the signal aborts, for steps that take no signal (DNS). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
