import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChatEvent, ChatEventSchema } from '../../common/chat-schemas.ts';
import type { Harness } from '../../harness/schema.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../../testing/server/fake-upstream/fake-upstream.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';

const SECRET = 'gsk_prueba_secreta_123456789';

/** Two links: `primero` needs FAKE_KEY (set to SECRET), `segundo` is local and keyless. */
function twoLinks(url: string) {
  return (h: Harness): Harness => ({
    ...h,
    providers: [
      {
        id: 'primero',
        label: 'Primero',
        baseUrl: url,
        apiKeyEnv: 'FAKE_KEY',
        models: ['m1'],
        // No test here meets the time-out: sized so a busy machine never does either.
        timeoutMs: 30_000,
      },
      {
        id: 'segundo',
        label: 'Segundo',
        baseUrl: url,
        apiKeyEnv: null,
        models: ['m2'],
        timeoutMs: 30_000,
      },
    ],
    webSearch: { ...h.webSearch, provider: 'primero' },
  });
}

/** Reads a chat stream to its end into validated events. */
async function readEvents(res: Response): Promise<ChatEvent[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => ChatEventSchema.parse(JSON.parse(l.slice(6))));
}

describe('chat routes', () => {
  let upstream: FakeUpstream;
  let ctx: TestApp;
  let cookie: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });
  afterEach(async () => {
    await ctx?.close();
  });

  async function setup(env: Record<string, string> = { FAKE_KEY: SECRET }) {
    ctx = await buildTestApp({
      harness: twoLinks(upstream.url),
      env,
      notes: {
        '03_Proyectos/Tesis.md': '# Tesis\n\nLa memoria activa como método.\n',
        '02_Conciencia/sesiones/2026-11-01-1000-cierre.md': '## Resumen\nCierre de prueba.\n',
      },
    });
    cookie = await ctx.login();
    upstream.requests.length = 0;
  }

  const chat = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.request('/api/chat', {
      method: 'POST',
      headers: {
        host: HOST,
        origin: ORIGIN,
        cookie,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it('streams meta, deltas and done, and sends the model the chosen note and message last', async () => {
    await setup();
    upstream.setScript({ kind: 'text', chunks: ['Hola', ', ', 'mundo'], usageStyle: 'groq' });
    const res = await chat({
      message: '¿Qué dice la tesis?',
      attachments: [{ kind: 'note', path: '03_Proyectos/Tesis.md' }],
      recall: true,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(res);
    expect(events[0]).toMatchObject({ type: 'meta', provider: 'primero', model: 'm1' });
    const meta = events[0] as Extract<ChatEvent, { type: 'meta' }>;
    expect(meta.sent.map((s) => s.kind)).toEqual(expect.arrayContaining(['note', 'recall']));
    const text = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    expect(text).toBe('Hola, mundo');
    expect(events.at(-1)).toMatchObject({ type: 'done', provider: 'primero', model: 'm1' });
    const sent = upstream.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('Cierre de prueba.');
    const last = sent.messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content).toContain('¿Qué dice la tesis?');
    expect(last.content).toContain('La memoria activa como método.');
  });

  it('sends the user-context note as [user context], the harness string while it does not exist', async () => {
    const withFallback = (h: Harness) => ({ ...twoLinks(upstream.url)(h), userContext: 'RESERVA' });
    ctx = await buildTestApp({ harness: withFallback, env: { FAKE_KEY: SECRET } });
    cookie = await ctx.login();
    const h = ctx.harness.current();
    upstream.setScript({ kind: 'text', chunks: ['ok'] });
    await readEvents(await chat({ message: 'hola' }));
    const system = () =>
      (upstream.requests.at(-1)!.body as { messages: { content: string }[] }).messages[0]!.content;
    expect(system()).toContain('RESERVA');
    expect(system()).not.toContain('Prefiero ejemplos de biología.');
    const abs = join(ctx.vault.root, h.userContextNote);
    await mkdir(join(abs, '..'), { recursive: true });
    await writeFile(abs, '- Prefiero ejemplos de biología.\n');
    await readEvents(await chat({ message: 'hola' }));
    expect(system()).toContain('Prefiero ejemplos de biología.');
    expect(system()).not.toContain('RESERVA');
  });

  it('sends what was cut both as codes for the PWA and in Spanish for API users', async () => {
    await setup();
    upstream.setScript({ kind: 'text', chunks: ['ok'] });
    const limit = ctx.harness.current().limits.attachmentChars;
    const text = 'x'.repeat(limit + 10);
    const events = await readEvents(await chat({ attachments: [{ kind: 'paste', text }] }));
    const meta = events[0] as Extract<ChatEvent, { type: 'meta' }>;
    const params = { kind: 'paste', label: 'texto pegado', sent: limit, total: limit + 10 };
    expect(meta.noticeCodes).toContainEqual({ code: 'attachment_cut', params });
    expect(meta.notices).toContain(
      `Se recortó «texto pegado»: se enviaron ${limit} de ${limit + 10} caracteres.`,
    );
  });

  it('lists the vault note names in the system prompt only while links.listVaultNotes is on', async () => {
    await setup();
    upstream.setScript({ kind: 'text', chunks: ['ok'] });
    const listing = ctx.harness.current().prompts.vaultListing;
    await (await chat({ message: 'hola' })).text();
    const on = upstream.requests[0]!.body as { messages: { content: string }[] };
    expect(on.messages[0]!.content).toContain(listing);
    expect(on.messages[0]!.content).toContain('Tesis\n');
    await ctx.close();
    ctx = await buildTestApp({
      harness: (h) => ({
        ...twoLinks(upstream.url)(h),
        links: { listVaultNotes: false, excludeFolders: [] },
      }),
      env: { FAKE_KEY: SECRET },
      notes: { '03_Proyectos/Tesis.md': '# Tesis\n' },
    });
    cookie = await ctx.login();
    upstream.requests.length = 0;
    await (await chat({ message: 'hola' })).text();
    const off = upstream.requests[0]!.body as { messages: { content: string }[] };
    expect(off.messages[0]!.content).not.toContain(listing);
  });

  it("follows the request's noteList over the harness: off, or with folders left out", async () => {
    await setup();
    upstream.setScript({ kind: 'text', chunks: ['ok'] });
    const listing = ctx.harness.current().prompts.vaultListing;
    const system = (i: number) =>
      (upstream.requests[i]!.body as { messages: { content: string }[] }).messages[0]!.content;
    await (
      await chat({ message: 'hola', noteList: { enabled: false, excludeFolders: [] } })
    ).text();
    expect(system(0)).not.toContain(listing);
    const excluded = { enabled: true, excludeFolders: ['02_conciencia'] };
    const events = await readEvents(await chat({ message: 'hola', noteList: excluded }));
    expect(system(1)).toContain('Tesis\n');
    expect(system(1)).not.toContain('2026-11-01-1000-cierre');
    const listed = (e: ChatEvent[]) =>
      (e[0] as Extract<ChatEvent, { type: 'meta' }>).parts?.find((p) => p.part === 'noteList')
        ?.count;
    const all = await readEvents(await chat({ message: 'hola' }));
    expect(system(2)).toContain('2026-11-01-1000-cierre');
    expect(listed(events)).toBe((listed(all) ?? 0) - 1);
  });

  it('sends first the note names this turn is about, when the vault has more than fit', async () => {
    const notes: Record<string, string> = {
      '03_Proyectos/Tesis.md': '# Tesis\n\nVer [[Zanahoria silvestre]].\n',
    };
    // 1,500 names of ~20 characters: far more than the listing's budget, all sorting first.
    for (let i = 0; i < 1_500; i++) notes[`00_Entrada/Apunte número ${i}.md`] = `# ${i}\n`;
    notes['06_Archivo/Zanahoria silvestre.md'] = '# Zanahoria\n';
    notes['06_Archivo/Zoología del faro.md'] = '# Faro\n';
    notes['06_Archivo/Zumo de naranja.md'] = '# Zumo\n';
    ctx = await buildTestApp({ harness: twoLinks(upstream.url), env: { FAKE_KEY: SECRET }, notes });
    cookie = await ctx.login();
    upstream.requests.length = 0;
    upstream.setScript({ kind: 'text', chunks: ['ok'] });
    const events = await readEvents(
      await chat({
        message: '¿Qué sé de los faros?',
        attachments: [{ kind: 'note', path: '03_Proyectos/Tesis.md' }],
      }),
    );
    const system = (upstream.requests[0]!.body as { messages: { content: string }[] }).messages[0]!
      .content;
    expect(system).toContain('Zanahoria silvestre\n');
    expect(system).toContain('Zoología del faro\n');
    const meta = events[0] as Extract<ChatEvent, { type: 'meta' }>;
    const part = meta.parts?.find((p) => p.part === 'noteList');
    // Linked from Tesis: Zanahoria; by words: Zoología del faro, and Tesis by its own name.
    expect(part?.listing).toMatchObject({ linked: 1, matched: 2 });
    // 1,500 + Tesis + three in 06_Archivo + the welcome note of the new vault.
    expect(part!.count! + part!.listing!.omitted).toBe(1_505);
    expect(part!.listing!.omitted).toBeGreaterThan(0);
    expect(part!.text).toContain(`${part!.listing!.omitted}`);
  });

  it('describes in meta every part it sent, adding up to what the upstream received', async () => {
    await setup();
    upstream.setScript({ kind: 'text', chunks: ['ok'] });
    const history = [
      { role: 'user', content: 'antes' },
      { role: 'assistant', content: 'respuesta' },
    ];
    const events = await readEvents(await chat({ message: 'hola', history, recall: true }));
    const meta = events[0] as Extract<ChatEvent, { type: 'meta' }>;
    const sent = (upstream.requests[0]!.body as { messages: { content: string }[] }).messages;
    const parts = meta.parts ?? [];
    for (const [i, m] of sent.entries()) {
      const own = parts.filter((p) => p.message === i);
      expect(own.reduce((n, p) => n + p.chars, 0) + 2 * (own.length - 1)).toBe(m.content.length);
    }
    expect(parts.find((p) => p.part === 'system')?.text).toBe(ctx.harness.current().systemPrompt);
    expect(meta.promptChars).toBe(sent.reduce((n, m) => n + m.content.length, 0));
    expect(meta.contextTokens).toBeGreaterThan(0);
  });

  it('falls back to the next link on a 429 and says which one answered', async () => {
    await setup();
    upstream.setScript((req) =>
      (req.body as { model: string }).model === 'm1'
        ? { kind: 'status', status: 429, retryAfterSec: 7 }
        : { kind: 'text', chunks: ['desde el segundo'] },
    );
    const events = await readEvents(await chat({ message: 'hola' }));
    const fallback = events.find((e) => e.type === 'fallback');
    expect(fallback).toMatchObject({
      from: { provider: 'primero' },
      to: { provider: 'segundo' },
      reason: 'rate_limited',
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', provider: 'segundo', model: 'm2' });
  });

  it('never lets the API key reach the answer, while the upstream receives it', async () => {
    await setup();
    upstream.setScript({ kind: 'status', status: 401, message: `Invalid API Key ${SECRET}` });
    const res = await chat({ message: 'hola' });
    const raw = await res.text();
    expect(raw).not.toContain(SECRET);
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(ctx.logs.join('\n')).not.toContain(SECRET);
  });

  it('explains how to configure a provider when none can be used, without answering', async () => {
    await setup({});
    ctx.harness.current().providers.splice(1);
    const events = await readEvents(await chat({ message: 'hola' }));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', code: 'no_provider', partial: false });
    expect((events[0] as { message: string }).message).toContain('FAKE_KEY');
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers an unknown profile with a JSON 400 before any stream opens', async () => {
    await setup();
    const res = await chat({ message: 'hola', profile: 'astronauta' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('unknown_profile');
  });

  it('answers an unknown project with a 404 that lists the existing ones', async () => {
    await setup();
    const res = await chat({ message: 'hola', project: 'Inexistente' });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error.code).toBe('unknown_project');
    expect(body.error.message).toContain('Tesis');
  });

  it('refuses a chat request from a foreign Origin', async () => {
    await setup();
    const res = await chat({ message: 'hola' }, { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });

  it('aborts the upstream request when the client goes away mid-answer', async () => {
    await setup();
    upstream.setScript({ kind: 'drip', text: 'x'.repeat(200), everyMs: 20 });
    const abort = new AbortController();
    const res = await ctx.app.request('/api/chat', {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'hola' }),
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: delta'))
      text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    await reader.cancel();
    await upstream.until(() => upstream.requests[0]?.aborted === true);
    expect(upstream.requests[0]?.aborted).toBe(true);
  });

  it('describes profiles, projects, providers and the latest closing for the composer', async () => {
    await setup();
    const res = await ctx.app.request('/api/chat/context', { headers: { host: HOST, cookie } });
    const body = await res.json();
    expect(body.profiles.map((p: { id: string }) => p.id)).toContain('tutor');
    expect(body.projects).toEqual(['Tesis']);
    expect(body.providers).toEqual([
      expect.objectContaining({ id: 'primero', configured: true, apiKeyEnv: 'FAKE_KEY' }),
      expect.objectContaining({ id: 'segundo', configured: true, apiKeyEnv: null }),
    ]);
    expect(body.latestClosing.path).toBe('02_Conciencia/sesiones/2026-11-01-1000-cierre.md');
    expect(JSON.stringify(body)).not.toContain(SECRET);
  });

  it('returns many notes at once and lists the ones that are gone', async () => {
    await setup();
    const res = await ctx.app.request('/api/vault/batch', {
      method: 'POST',
      headers: { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        paths: ['03_Proyectos/Tesis.md', '00_Entrada/No existe.md', '06_Archivo/caf%e9.md'],
      }),
    });
    const body = await res.json();
    expect(body.notes.map((n: { path: string }) => n.path)).toEqual(['03_Proyectos/Tesis.md']);
    // A name on disk the path rules refuse is dropped like a gone note, not a failed batch.
    expect(body.missing).toEqual(['00_Entrada/No existe.md', '06_Archivo/caf%e9.md']);
  });
});
