import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../testing/server/test-app.ts';

describe('app', () => {
  let ctx: TestApp;
  beforeEach(async () => {
    ctx = await buildTestApp({
      notes: { '03_Proyectos/Tesis.md': '# Tesis\n\nVer [[Bienvenida]] y [[Falta]].\n' },
    });
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('refuses a request whose Host is not exactly allowed, before anything else', async () => {
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.1:9999']) {
      const res = await ctx.app.request('/api/vault/folder', { headers: { host } });
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden_host');
    }
  });

  it('answers every API route without a session cookie with 401 no_session', async () => {
    for (const path of ['/api/vault/folder', '/api/vault/manifest', '/api/status', '/api/events']) {
      const res = await ctx.app.request(path, { headers: { host: HOST } });
      expect(res.status, path).toBe(401);
      expect((await res.json()).error.code).toBe('no_session');
    }
  });

  it('refuses a login POST from a foreign Origin', async () => {
    const res = await ctx.app.request('/api/session', {
      method: 'POST',
      headers: { host: HOST, origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ token: ctx.tokens.issue() }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('forbidden_origin');
  });

  it('serves the top folder, a note with resolved links and the manifest to a logged-in client', async () => {
    const cookie = await ctx.login();
    const headers = { host: HOST, cookie };
    const top = await (await ctx.app.request('/api/vault/folder', { headers })).json();
    expect(top.rows.map((r: { name: string }) => r.name)).toContain('04_Sueños');
    const note = await ctx.app.request(
      `/api/vault/note?path=${encodeURIComponent('03_Proyectos/Tesis.md')}`,
      { headers },
    );
    expect(note.status).toBe(200);
    const links = (await note.json()).links;
    expect(links.map((l: { resolved: string | null }) => l.resolved)).toEqual([
      '00_Entrada/Bienvenida.md',
      null,
    ]);
    const manifest = await (await ctx.app.request('/api/vault/manifest', { headers })).json();
    expect(manifest.notes.map((n: { path: string }) => n.path)).toContain('03_Proyectos/Tesis.md');
  });

  it('answers a traversal attempt with 400 invalid_path', async () => {
    const cookie = await ctx.login();
    const res = await ctx.app.request('/api/vault/note?path=..%2F..%2Fetc%2Fpasswd', {
      headers: { host: HOST, cookie },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_path');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const cookie = await ctx.login();
    const res = await ctx.app.request('/api/nada', { headers: { host: HOST, cookie } });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it('reports the harness and its profiles in the status', async () => {
    const cookie = await ctx.login();
    const res = await ctx.app.request('/api/status', { headers: { host: HOST, cookie } });
    const status = await res.json();
    expect(status.app).toBe('soma');
    expect(status.harness.ok).toBe(true);
    expect(status.harness.profiles.map((p: { id: string }) => p.id)).toContain('investigador');
  });

  it('refuses the event stream to a cross-site request even with a valid cookie', async () => {
    const cookie = await ctx.login();
    const res = await ctx.app.request('/api/events', {
      headers: { host: HOST, cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });

  it('streams a vault event when a file changes on disk', async () => {
    const cookie = await ctx.login();
    const res = await ctx.app.request('/api/events', {
      headers: { host: HOST, cookie, origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Reads until the needle arrives; if it never does, the test's time-out ends it.
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    await writeFile(join(ctx.vault.root, '00_Entrada', 'Nueva.md'), '# Nueva\n');
    await readUntil('Nueva.md');
    await reader.cancel();
    expect(text).toContain('event: vault');
    expect(text).toContain('00_Entrada/Nueva.md');
  });

  it('serves the app shell with a strict CSP and no CORS headers', async () => {
    const res = await ctx.app.request('/', {
      headers: { host: HOST, origin: 'http://evil.example' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>SOMA</title>');
    const csp = res.headers.get('content-security-policy');
    // WebAssembly compilation (the search worker's vector scan) and nothing else of eval's kind.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });

  it('caches a hashed asset for a year but answers a missing one 404 without that cache', async () => {
    await mkdir(join(ctx.base, 'web', 'assets'));
    await writeFile(join(ctx.base, 'web', 'assets', 'app-1234abcd.js'), 'export {};');
    const found = await ctx.app.request('/assets/app-1234abcd.js', { headers: { host: HOST } });
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toContain('immutable');
    const missing = await ctx.app.request('/assets/app-deadbeef.js', { headers: { host: HOST } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(await missing.text()).not.toContain('<title>SOMA</title>');
  });

  it('refuses a body larger than the limit without reading it all', async () => {
    const res = await ctx.app.request('/api/session', {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('bad_request');
  });
});
