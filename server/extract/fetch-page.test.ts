import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '../../testing/server/fixture-server.ts';
import { ApiError } from '../http/api-error.ts';
import { FETCH_DEFAULTS, type FetchPageOptions, fetchPage } from './fetch-page.ts';

/*
 * The fixture server listens on 127.0.0.1, which the policy refuses. So that
 * the pages can be fetched at all, these tests allow exactly that address
 * (`allowPrivate` as a predicate) and nothing else. A second server listens on
 * 127.0.0.2 and plays a service on the laptop or the router: it is reachable
 * (the control test below proves it), so when a redirect to it is refused, it
 * is the policy that refused it, not a closed port.
 */
let site: FixtureServer;
let internal: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer('127.0.0.1');
  internal = await startFixtureServer('127.0.0.2');
});
afterAll(async () => {
  await site.close();
  await internal.close();
});

const onlySite = (address: string) => address === '127.0.0.1';

function opts(extra: Partial<FetchPageOptions> = {}): FetchPageOptions {
  return { ...FETCH_DEFAULTS, allowPrivate: onlySite, ...extra };
}

/** The ApiError a fetch fails with. */
async function failure(url: string, extra: Partial<FetchPageOptions> = {}): Promise<ApiError> {
  const err = await fetchPage(url, opts(extra)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('server/extract/fetch-page', () => {
  it('follows a chain of three redirects and reports the final URL', async () => {
    const page = await fetchPage(`${site.url}/redir/3`, opts());
    expect(page.url).toBe(`${site.url}/articulo`);
    expect(page.contentType).toBe('text/html');
    expect(page.text).toContain('La memoria de trabajo');
  });

  it('gives up after maxRedirects hops', async () => {
    const err = await failure(`${site.url}/redir/3`, { maxRedirects: 2 });
    expect(err).toMatchObject({ status: 502, code: 'fetch_failed' });
    expect(err.message).toMatch(/redirecciones/);
  });

  it('reaches the internal server when private addresses are allowed (control)', async () => {
    const to = encodeURIComponent(`${internal.url}/secreto`);
    const page = await fetchPage(`${site.url}/a?to=${to}`, opts({ allowPrivate: true }));
    expect(page.text).toBe('SECRETO-DEL-ROUTER');
  });

  it('refuses a redirect to another loopback address and never connects to it', async () => {
    const before = internal.requests.length;
    const to = encodeURIComponent(`${internal.url}/secreto`);
    const err = await failure(`${site.url}/a?to=${to}`);
    expect(err).toMatchObject({ status: 400, code: 'url_refused' });
    expect(err.message).toContain('127.0.0.2');
    expect(internal.requests.length).toBe(before);
  });

  it('refuses a redirect to a name that resolves to loopback', async () => {
    const to = encodeURIComponent(`http://router.casa:${internal.port}/secreto`);
    const lookup = async (host: string) => (host === 'router.casa' ? ['127.0.0.2'] : []);
    const err = await failure(`${site.url}/a?to=${to}`, { lookup });
    expect(err).toMatchObject({ code: 'url_refused' });
    expect(err.message).toContain('router.casa → 127.0.0.2');
    // The refusal says how to allow it on purpose.
    expect(err.message).toContain('extract.allowPrivateAddresses');
  });

  it('refuses a name when any of its addresses is private', async () => {
    const lookup = async () => ['93.184.216.34', '10.0.0.1'];
    const err = await failure('http://mixto.ejemplo/', { lookup });
    expect(err).toMatchObject({ code: 'url_refused' });
    expect(err.message).toContain('10.0.0.1');
  });

  it('connects to the address it checked instead of resolving the name again', async () => {
    let lookups = 0;
    // `fijado.ejemplo` exists only in this lookup: a second, system resolution would fail.
    const lookup = async () => {
      lookups++;
      return ['127.0.0.1'];
    };
    const page = await fetchPage(`http://fijado.ejemplo:${site.port}/notas.md`, opts({ lookup }));
    expect(page.text).toContain('# Notas sobre el sueño');
    expect(lookups).toBe(1);
  });

  it.each([
    'http://127.0.0.1/',
    'http://10.1.2.3/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
  ])('refuses the literal private address %s without connecting', async (url) => {
    const err = await failure(url, { allowPrivate: false, lookup: async () => ['8.8.8.8'] });
    expect(err).toMatchObject({ status: 400, code: 'url_refused' });
  });

  it.each(['file:///etc/passwd', 'ftp://ejemplo.com/archivo.txt', 'data:text/html,hola'])(
    'refuses the scheme of %s',
    async (url) => {
      const err = await failure(url);
      expect(err).toMatchObject({ status: 400, code: 'url_refused' });
    },
  );

  it('times out a page that does not answer, for the whole download', async () => {
    const err = await failure(`${site.url}/lenta`, { timeoutMs: 300 });
    expect(err).toMatchObject({ status: 504, code: 'timeout' });
  });

  it('stops reading a body without Content-Length once it passes maxBytes', async () => {
    const err = await failure(`${site.url}/sin-fin`, { maxBytes: 64 * 1024 });
    expect(err).toMatchObject({ status: 413, code: 'too_large' });
  });

  it('refuses a declared size over maxBytes before reading it', async () => {
    const err = await failure(`${site.url}/enorme?bytes=300000`, { maxBytes: 100_000 });
    expect(err).toMatchObject({ status: 413, code: 'too_large' });
  });

  it('refuses a PDF with a message that says what to do instead', async () => {
    const err = await failure(`${site.url}/documento.pdf`);
    expect(err).toMatchObject({ status: 415, code: 'unsupported_type' });
    expect(err.message).toMatch(/PDF/);
  });

  it('recognises a PDF served without Content-Type by its first bytes', async () => {
    const err = await failure(`${site.url}/sin-tipo`);
    expect(err).toMatchObject({ status: 415, code: 'unsupported_type' });
  });

  it('answers an HTTP error of the page as fetch_failed with its status', async () => {
    const err = await failure(`${site.url}/no-existe`);
    expect(err).toMatchObject({ status: 502, code: 'fetch_failed' });
    expect(err.message).toContain('404');
  });

  it('decompresses a gzip body', async () => {
    const page = await fetchPage(`${site.url}/comprimido`, opts());
    expect(page.text).toContain('Componentes del modelo');
  });
});
