import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATH, SYNAPSE_LOG_PATH } from '../common/proposal-schemas.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
  words,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { type ServedApp, serveTestApp } from '../testing/server/serve-test-app.ts';
import { fakeProviders } from '../testing/server/test-app.ts';
import { runCli } from './run-cli.ts';
import type { Terminal } from './terminal.ts';

const notes = {
  '03_Proyectos/Tesis.md': '# Tesis\n\nLa memoria de trabajo y el sueño.\n',
  '01_Caracter/Bóveda.md': '# Bóveda\n\nCómo ordeno mis notas.\n',
  '06_Archivo/Huerto.md': '# Huerto\n\nTomates y lechugas en el balcón.\n',
};

let upstream: FakeUpstream;
let soma: ServedApp;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  soma = await serveTestApp({
    notes,
    harness: (h) => ({
      ...fakeProviders(upstream.url, { fake: 'fake-model' }, 5_000)(h),
      extract: { allowPrivateAddresses: true },
    }),
  });
});
afterAll(async () => {
  await soma.close();
  await upstream.close();
});
afterEach(() => upstream.setScript({ kind: 'echo' }));

interface Run {
  status: number;
  stdout: string;
  stderr: string;
  /** The `[S/n]` questions asked on the (fake) terminal. */
  asked: string[];
}

/**
 * One `soma` run in this process against the served app. `answers` plays a terminal
 * (each question takes the next answer); without it there is no terminal.
 */
async function soma$(
  argv: string[],
  opts: { stdin?: string; answers?: boolean[]; env?: Record<string, string> } = {},
): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => {
    out += d;
  });
  stderr.on('data', (d) => {
    err += d;
  });
  const stdin: Readable & { isTTY?: boolean } =
    opts.stdin === undefined
      ? Object.assign(new PassThrough(), { isTTY: true })
      : Readable.from([opts.stdin]);
  const asked: string[] = [];
  const answers = [...(opts.answers ?? [])];
  const terminal: Terminal | null = opts.answers
    ? {
        ask: async (q) => {
          asked.push(q);
          const a = answers.shift();
          if (a === undefined) throw new Error(`pregunta inesperada: ${q}`);
          return a;
        },
        close: () => undefined,
      }
    : null;
  const status = await runCli({
    argv,
    env: { SOMA_CONFIG_DIR: soma.configDir, ...opts.env },
    cwd: soma.vault,
    stdin,
    stdout,
    stderr,
    signal: new AbortController().signal,
    terminal: async () => terminal,
  });
  return { status, stdout: out, stderr: err, asked };
}

/** What the fake upstream last received as the user's message and the whole prompt. */
function lastRequest(): { user: string; all: string } {
  const body = upstream.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
  return {
    user: body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '',
    all: body.messages.map((m) => m.content).join('\n'),
  };
}

const vaultFile = (path: string) => readFile(join(soma.vault, path), 'utf8');

/** The server's API as another device would call it, with the terminal's session. */
async function api(path: string, body?: unknown): Promise<Response> {
  const { url, token } = JSON.parse(await readFile(join(soma.configDir, 'cli.json'), 'utf8'));
  return fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: `soma_session=${token}`,
      origin: url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A finished turn of a synchronised conversation, as a device uploads it. */
const turn = (id: string, role: string, content: string) => ({
  id,
  role,
  content,
  status: 'complete',
  createdAt: 1,
});

describe('soma (the terminal client)', () => {
  it('streams the answer to standard output and remembers the turn for the next run', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Hola desde el modelo.') });
    const first = await soma$(['¿Qué', 'tal?']);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('Hola desde el modelo.\n');
    expect(first.stderr).toContain('fake-model');
    await soma$(['Y', 'ahora?']);
    expect(lastRequest().all).toContain('¿Qué tal?');
    expect(lastRequest().all).toContain('Hola desde el modelo.');
    const reset = await soma$(['--reiniciar', 'Empiezo', 'de', 'nuevo']);
    expect(reset.status).toBe(0);
    expect(lastRequest().all).not.toContain('¿Qué tal?');
    await soma$(['--rei']);
  });

  it('continues a synchronised conversation with --conversacion and lists them', async () => {
    await api('/api/conversations/del-movil/turns', {
      turn: turn('m1', 'user', 'Hablemos de tomates'),
      meta: { title: 'Huerto en el móvil' },
    });
    await api('/api/conversations/del-movil/turns', {
      turn: turn('m2', 'assistant', 'Los tomates quieren sol.'),
    });
    upstream.setScript({ kind: 'text', chunks: words('Y riego constante.') });
    const run = await soma$(['--conversacion', 'del-movil', '¿Y', 'el', 'agua?']);
    expect(run.status).toBe(0);
    expect(lastRequest().all).toContain('Los tomates quieren sol.');
    const page = await (await api('/api/conversations/del-movil')).json();
    expect(page.turns.map((t: { content: string }) => t.content)).toEqual([
      'Hablemos de tomates',
      'Los tomates quieren sol.',
      '¿Y el agua?',
      'Y riego constante.',
    ]);
    const list = await soma$(['--conversaciones']);
    expect(list.stdout).toContain('del-movil');
    expect(list.stdout).toContain('Huerto en el móvil');
    // A question waiting for its answer on another device: the terminal is told to wait.
    await api('/api/conversations/del-movil/turns', { turn: turn('m3', 'user', 'Otra') });
    const busy = await soma$(['--cnv', 'del-movil', 'Y', 'ahora']);
    expect(busy.status).toBe(67);
    expect(busy.stderr).toContain('espera');
    expect((await soma$(['--cnv', 'no-existe', 'hola'])).status).not.toBe(0);
  });

  it('clears a chosen conversation on every device with --reiniciar and goes on in a new one', async () => {
    await api('/api/conversations/a-borrar/turns', {
      turn: turn('b1', 'user', 'Hablemos del faro'),
      meta: { title: 'El faro', project: 'Tesis' },
    });
    await api('/api/conversations/a-borrar/turns', {
      turn: turn('b2', 'assistant', 'El faro alumbra la costa.'),
    });
    const before = (await (await api('/api/conversations')).json()).now as number;
    const old = await (await api('/api/conversations/a-borrar')).json();
    upstream.setScript({ kind: 'text', chunks: words('Empecemos de cero.') });
    const run = await soma$(['--conversacion', 'a-borrar', '--reiniciar', 'Otra', 'cosa']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('Empecemos de cero.\n');
    expect(run.stderr).toContain('Conversación a-borrar borrada en todos los dispositivos.');
    // Gone from the laptop's copy, and every device that syncs learns it was deleted.
    expect((await api('/api/conversations/a-borrar')).status).toBe(404);
    const changed = await (await api(`/api/conversations?since=${before}`)).json();
    const gone = changed.conversations.find((c: { id: string }) => c.id === 'a-borrar');
    expect(gone?.deletedAt).toEqual(expect.any(Number));
    // The question went without the old turns, to a new conversation with the same profile
    // and project, which the terminal names so the user can continue it.
    expect(lastRequest().all).not.toContain('El faro alumbra la costa.');
    const id = /Sigue en la conversación nueva: soma --conversacion (\S+)/.exec(run.stderr)?.[1];
    expect(id).toBeDefined();
    expect(id).not.toBe('a-borrar');
    const fresh = await (await api(`/api/conversations/${id}`)).json();
    expect(fresh.turns.map((t: { content: string }) => t.content)).toEqual([
      'Otra cosa',
      'Empecemos de cero.',
    ]);
    expect(fresh).toMatchObject({ title: 'Otra cosa', profile: old.profile, project: 'Tesis' });
    // Cleared without a question: deleted, and nothing new made.
    await api('/api/conversations/sin-pregunta/turns', { turn: turn('c1', 'user', 'Hola') });
    await api('/api/conversations/sin-pregunta/turns', { turn: turn('c2', 'assistant', 'Hola.') });
    const total = (await (await api('/api/conversations')).json()).total;
    expect((await soma$(['--cnv', 'sin-pregunta', '--rei'])).status).toBe(0);
    expect((await api('/api/conversations/sin-pregunta')).status).toBe(404);
    expect((await (await api('/api/conversations')).json()).total).toBe(total - 1);
    expect((await soma$(['--cnv', 'no-existe', '--rei'])).status).not.toBe(0);
  });

  it('attaches notes by name or path with --unir, --uni and --attach', async () => {
    for (const flag of ['--unir', '--uni', '--attach']) {
      const run = await soma$(['Resume', flag, 'Tesis', '01_Caracter/Bóveda.md']);
      expect(run.status).toBe(0);
      expect(lastRequest().user).toContain('La memoria de trabajo');
      expect(lastRequest().user).toContain('Cómo ordeno mis notas');
    }
    const missing = await soma$(['Resume', '--unir', 'No existe']);
    expect(missing.status).toBe(12);
    expect(missing.stderr).toContain('«No existe» no es una nota');
    await soma$(['--rei']);
  });

  it('attaches piped standard input with --conectar, --con and --paste, and refuses it from a terminal', async () => {
    for (const flag of ['--conectar', '--con', '--paste']) {
      const run = await soma$(['Corrige', 'esto', flag], { stdin: `texto pegado por ${flag}` });
      expect(run.status).toBe(0);
      expect(lastRequest().user).toContain(`texto pegado por ${flag}`);
    }
    const tty = await soma$(['Corrige', '--conectar']);
    expect(tty.status).toBe(3);
    expect(tty.stderr).toContain('tubería');
    await soma$(['--rei']);
  });

  it('searches the vault with --buscar, --bus and --search and attaches the best hits', async () => {
    for (const flag of ['--buscar', '--bus', '--search']) {
      const run = await soma$(['¿Qué', 'planté?', flag, 'tomates']);
      expect(run.status).toBe(0);
      expect(run.stderr).toContain('06_Archivo/Huerto.md');
      expect(lastRequest().user).toContain('Tomates y lechugas');
    }
    await soma$(['--rei']);
  });

  it('injects a project, and answers unknown projects and profiles with their own exit status', async () => {
    for (const flag of ['--proyecto', '--pro', '--project']) {
      expect((await soma$(['¿Cómo', 'voy?', flag, 'Tesis'])).status).toBe(0);
      expect(lastRequest().all).toContain('La memoria de trabajo');
    }
    const project = await soma$(['x', '--proyecto', 'Nada']);
    expect(project.status).toBe(15);
    for (const flag of ['--modo', '--mod', '--mode']) {
      expect((await soma$(['x', flag, 'tutor'])).status).toBe(0);
    }
    const mode = await soma$(['x', '--modo', 'astronauta']);
    expect(mode.status).toBe(14);
    expect(mode.stderr).toContain('astronauta');
    await soma$(['--rei']);
  });

  it('lists the profiles with --modo and the projects with --proyecto when no name follows', async () => {
    for (const flag of ['--modo', '--mod', '--mode']) {
      const run = await soma$([flag]);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^tutor\t/m);
    }
    for (const flag of ['--proyecto', '--pro', '--project']) {
      const run = await soma$([flag]);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Tesis$/m);
    }
    const help = (await soma$(['--ayuda'])).stdout;
    expect(help).toContain('--modo, --mod, --mode [PERFIL]');
    expect(help).toContain('--proyecto, --pro, --project [NOMBRE]');
  });

  it('summarises with --resumir, --res and --summarize without adding a turn', async () => {
    await soma$(['Hablemos', 'del', 'huerto']);
    for (const flag of ['--resumir', '--res', '--summarize']) {
      const run = await soma$([flag]);
      expect(run.status).toBe(0);
      expect(lastRequest().all).toContain('Hablemos del huerto');
    }
    await soma$(['--rei']);
  });

  it('approves nothing without a terminal, and with --si only what its own run proposed', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Mira [[Tesis]] y [[Huerto]].') });
    const unasked = await soma$(['Enlaza']);
    expect(unasked.status).toBe(0);
    expect(unasked.stderr).toContain('no aprobada: no hay terminal');
    await expect(vaultFile(SYNAPSE_LOG_PATH)).rejects.toThrow();

    upstream.setScript({ kind: 'text', chunks: words('Solo [[Bóveda]].') });
    for (const flag of ['--si', '--yes']) {
      const yes = await soma$(['Enlaza', flag]);
      expect(yes.status).toBe(0);
    }
    const log = await vaultFile(SYNAPSE_LOG_PATH);
    expect(log).toContain('[[Bóveda]]');
    expect(log).not.toContain('[[Tesis]]');
    expect(log).not.toContain('[[Huerto]]');
    await soma$(['--rei']);
  });

  it('asks [S/n] for each synapse on a terminal and writes only the approved ones', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Ver [[Huerto]] y [[Inventada]].') });
    const run = await soma$(['Enlaza', 'más'], { answers: [true, false] });
    expect(run.status).toBe(0);
    expect(run.asked).toEqual([
      '¿Aprobar sinapsis [[Huerto]]?',
      '¿Aprobar sinapsis [[Inventada]] (la nota no existe)?',
    ]);
    const log = await vaultFile(SYNAPSE_LOG_PATH);
    // One line a synapse: `time | session | link | note | excerpt`.
    expect(log).toMatch(/\| \[\[Huerto\]\] \|/);
    expect(log).not.toMatch(/\| \[\[Inventada\]\] \|/);
    await soma$(['--rei']);
  });

  it('an approved synapse with a note sent proposes its «Conexiones» link, once', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Ver [[Huerto]].') });
    const run = await soma$(['Enlaza', '--unir', 'Tesis'], { answers: [true, true] });
    expect(run.status).toBe(0);
    expect(run.asked).toEqual([
      '¿Aprobar sinapsis [[Huerto]]?',
      '¿Añadir a 03_Proyectos/Tesis.md?',
    ]);
    expect(await vaultFile('03_Proyectos/Tesis.md')).toMatch(/## Conexiones\n+- \[\[Huerto\]\]/);
    // Already linked: the next approval asks nothing more.
    const again = await soma$(['Enlaza', '--unir', 'Tesis'], { answers: [true] });
    expect(again.status).toBe(0);
    expect(again.asked).toEqual(['¿Aprobar sinapsis [[Huerto]]?']);
    // A rejected synapse proposes no connection.
    const rejected = await soma$(['Enlaza', '--unir', 'Bóveda'], { answers: [false] });
    expect(rejected.asked).toEqual(['¿Aprobar sinapsis [[Huerto]]?']);
    expect(await vaultFile('01_Caracter/Bóveda.md')).not.toContain('Conexiones');
    await soma$(['--rei']);
  });

  it('proposes saving with --guardar, --gua and --save and writes to 05_Salida only when approved', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Un plan en tres pasos.') });
    const rejected = await soma$(['Plan', '--guardar=Plan del huerto'], { answers: [false] });
    expect(rejected.asked[0]).toMatch(/^¿Guardar en 05_Salida\/.*plan-del-huerto.*\.md\?$/);
    expect(rejected.stderr).toContain('Un plan en tres pasos.');
    for (const flag of ['--gua', '--save']) {
      const run = await soma$(['Plan', flag], { answers: [true] });
      expect(run.status).toBe(0);
      const written = /Escrito: (05_Salida\/\S+\.md)/.exec(run.stderr)?.[1];
      expect(written).toBeTruthy();
      expect(await vaultFile(written!)).toContain('Un plan en tres pasos.');
    }
    await soma$(['--rei']);
  });

  it('writes to a path with --registrar, --reg and --write, showing a diff before overwriting', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Texto nuevo.') });
    const created = await soma$(['Escribe', '--registrar', '00_Entrada/idea.md'], {
      answers: [true],
    });
    expect(created.asked).toEqual(['¿Guardar en 00_Entrada/idea.md?']);
    expect(await vaultFile('00_Entrada/idea.md')).toBe('Texto nuevo.');
    upstream.setScript({ kind: 'text', chunks: words('Texto cambiado.') });
    const kept = await soma$(['Cambia', '--reg', '00_Entrada/idea.md'], { answers: [false] });
    expect(kept.asked).toEqual(['¿Sobrescribir 00_Entrada/idea.md?']);
    expect(kept.stderr).toContain('-Texto nuevo.');
    expect(kept.stderr).toContain('+Texto cambiado.');
    expect(await vaultFile('00_Entrada/idea.md')).toBe('Texto nuevo.');
    const over = await soma$(['Cambia', '--write', '00_Entrada/idea.md'], { answers: [true] });
    expect(over.status).toBe(0);
    expect(await vaultFile('00_Entrada/idea.md')).toBe('Texto cambiado.');
    const outside = await soma$(['x', '--registrar', '../fuera.md'], { answers: [true] });
    expect(outside.status).toBe(11);
    await soma$(['--rei']);
  });

  it('lists a note’s writes with --historial, newest first, asking nothing of the model', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Primera versión.') });
    await soma$(['Escribe', '--registrar', '00_Entrada/historia.md'], { answers: [true] });
    upstream.setScript({ kind: 'text', chunks: words('Segunda versión.') });
    await soma$(['Cambia', '--registrar', '00_Entrada/historia.md'], { answers: [true] });
    const asked = upstream.requests.length;
    const listed = await soma$(['--historial', '00_Entrada/historia.md']);
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/write .* [0-9a-f]{12} → [0-9a-f]{12} {2}en el archivo$/);
    expect(lines[2]).toMatch(/\(no existía\) → [0-9a-f]{12} {2}reemplazada después$/);
    expect(upstream.requests.length).toBe(asked);
    const json = await soma$(['--history=00_Entrada/historia.md', '--json']);
    expect(JSON.parse(json.stdout).writes).toHaveLength(2);
    await soma$(['--rei']);
  });

  it('restores a listed version with --historial RUTA --restaurar N, asked [S/n] like any write', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Primera versión.') });
    await soma$(['Escribe', '--registrar', '00_Entrada/vuelta.md'], { answers: [true] });
    upstream.setScript({ kind: 'text', chunks: words('Segunda versión.') });
    await soma$(['Cambia', '--registrar', '00_Entrada/vuelta.md'], { answers: [true] });
    const asked = upstream.requests.length;
    const kept = await soma$(['--historial', '00_Entrada/vuelta.md', '--restaurar', '1'], {
      answers: [false],
    });
    expect(kept.asked).toEqual(['¿Restaurar la versión anterior de 00_Entrada/vuelta.md?']);
    expect(kept.stderr).toContain('-Segunda versión.');
    expect(kept.stderr).toContain('+Primera versión.');
    expect(await vaultFile('00_Entrada/vuelta.md')).toBe('Segunda versión.');
    const back = await soma$(['--historial', '00_Entrada/vuelta.md', '--restaurar', '1'], {
      answers: [true],
    });
    expect(back.status).toBe(0);
    expect(await vaultFile('00_Entrada/vuelta.md')).toBe('Primera versión.');
    // The oldest write created the file: going back before it removes the file.
    const gone = await soma$(['--historial', '00_Entrada/vuelta.md', '--restore=3', '--json'], {
      answers: [true],
    });
    expect(JSON.parse(gone.stdout)).toMatchObject({
      event: 'decision',
      kind: 'remove',
      approved: true,
    });
    await expect(vaultFile('00_Entrada/vuelta.md')).rejects.toThrow();
    const listed = await soma$(['--historial', '00_Entrada/vuelta.md']);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    // A version is also named by the hash the listing shows: the first one comes back.
    const first = lines[4]?.match(/\(no existía\) → ([0-9a-f]{12})/)?.[1] ?? '';
    expect(first).not.toBe('');
    const again = await soma$(['--historial', '00_Entrada/vuelta.md', '--restaurar', first], {
      answers: [true],
    });
    expect(again.asked).toEqual(['¿Restaurar la versión anterior de 00_Entrada/vuelta.md?']);
    expect(await vaultFile('00_Entrada/vuelta.md')).toBe('Primera versión.');
    const unknown = await soma$(['--historial', '00_Entrada/vuelta.md', '--restaurar', 'ffffff0']);
    expect(unknown.status).toBe(12);
    const outOfRange = await soma$(['--historial', '00_Entrada/vuelta.md', '--restaurar', '9']);
    expect(outOfRange.status).toBe(2);
    expect(upstream.requests.length).toBe(asked);
    await soma$(['--rei']);
  });

  it('appends with --anexar under a dated heading, and proposes a sentence alone with --recuerda', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Idea anexa.') });
    const appended = await soma$(['Idea', '--anexar', '06_Archivo/Huerto.md'], {
      answers: [true],
    });
    expect(appended.asked).toEqual(['¿Añadir a 06_Archivo/Huerto.md?']);
    expect(await vaultFile('06_Archivo/Huerto.md')).toMatch(
      /^# Huerto\n\nTomates y lechugas en el balcón\.\n\n## \d{4}-\d\d-\d\d \d\d:\d\d\n\nIdea anexa\.\n$/,
    );
    const asked = upstream.requests.length;
    const kept = await soma$(['--rcd', 'Riego los martes'], { answers: [false] });
    expect(kept.asked).toEqual(['¿Recordar en 01_Caracter/contexto.md?']);
    await expect(vaultFile('01_Caracter/contexto.md')).rejects.toThrow();
    const remembered = await soma$(['--remember', 'Riego los martes'], { answers: [true] });
    expect(remembered.status).toBe(0);
    expect(await vaultFile('01_Caracter/contexto.md')).toBe('- Riego los martes\n');
    // Remembering alone asks nothing of the model.
    expect(upstream.requests.length).toBe(asked);
    await soma$(['--rei']);
  });

  it('closes with --cerrar, --cer and --close through the closing proposal, then --recordar loads it', async () => {
    const none = await soma$(['¿Dónde', 'lo', 'dejé?', '--recordar']);
    expect(none.status).toBe(16);
    await soma$(['Trabajé', 'en', 'la', 'tesis']);
    upstream.setScript({ kind: 'text', chunks: words('## Resumen\nCierre de prueba.') });
    for (const flag of ['--cerrar', '--cer', '--close']) {
      const run = await soma$([flag], { answers: [flag === '--cerrar'] });
      expect(run.status).toBe(0);
      expect(run.asked[0]).toMatch(
        /^¿Guardar el cierre en 02_Conciencia\/sesiones\/.*cierre.*\.md\?$/,
      );
    }
    upstream.setScript({ kind: 'echo' });
    for (const flag of ['--recordar', '--rec', '--recall']) {
      expect((await soma$(['¿Dónde', 'lo', 'dejé?', flag])).status).toBe(0);
      expect(lastRequest().all).toContain('Cierre de prueba.');
    }
    const audit = (await vaultFile(AUDIT_LOG_PATH))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(audit.filter((e) => e.kind === 'closing')).toHaveLength(1);
    await soma$(['--rei']);
  });

  it('answers through the web search model with --web, with its sources, and remembers it', async () => {
    upstream.setScript({
      kind: 'text',
      chunks: words('Según https://example.org/sueno dormir ayuda.'),
    });
    const run = await soma$(['¿Por', 'qué', 'dormir?', '--web']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('dormir ayuda');
    expect(run.stdout).toContain('https://example.org/sueno');
    upstream.setScript({ kind: 'echo' });
    await soma$(['¿Y', 'entonces?']);
    expect(lastRequest().all).toContain('dormir ayuda');
    await soma$(['--rei']);
  });

  it('attaches a page with --extraer, --ext and --extract', async () => {
    const page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `${'<html><head><title>Abejas</title></head><body><article><h1>Abejas</h1><p>Las abejas bailan para contar dónde están las flores. '.repeat(
          3,
        )}</p></article></body></html>`,
      );
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/abejas`;
    try {
      for (const flag of ['--extraer', '--ext', '--extract']) {
        const run = await soma$(['Resume', flag, url]);
        expect(run.status).toBe(0);
        expect(lastRequest().user).toContain('bailan para contar');
      }
    } finally {
      page.closeAllConnections();
      await new Promise((r) => page.close(r));
    }
    await soma$(['--rei']);
  });

  it('prints every event as a JSON line with --json', async () => {
    upstream.setScript({ kind: 'text', chunks: words('Dos palabras.') });
    const run = await soma$(['Hola', '--json']);
    expect(run.status).toBe(0);
    const events = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events[0]).toMatchObject({ event: 'chat', type: 'meta' });
    expect(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => e.text)
        .join(''),
    ).toBe('Dos palabras.');
    expect(events.at(-1)).toMatchObject({ event: 'chat', type: 'done' });
    await soma$(['--rei']);
  });

  it('shows the flag table with --ayuda, --ayu and --help, and one command with --ayuda buscar', async () => {
    for (const flag of ['--ayuda', '--ayu', '--help']) {
      const run = await soma$([flag]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('--buscar, --bus, --search TÉRMINO');
      expect(run.stdout).toContain('--si, --yes');
    }
    const one = await soma$(['--ayuda', 'bus']);
    expect(one.stdout).toContain('Busca en la bóveda');
    expect(one.stdout).not.toContain('--cerrar');
  });

  it('fails each way with its own message and exit status', async () => {
    const unknown = await soma$(['x', '--volar']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--volar');
    upstream.setScript({ kind: 'status', status: 429 });
    const limited = await soma$(['x']);
    expect(limited.status).toBe(41);
    expect(limited.stderr).toContain('Ningún proveedor contestó');
    const noFile = await soma$(['x'], { env: { SOMA_CONFIG_DIR: join(soma.configDir, 'nada') } });
    expect(noFile.status).toBe(5);
    expect(noFile.stderr).toContain('npm start');
  });

  it('refuses a cli.json others can read, and says how to start SOMA when it is not running', async () => {
    const file = join(soma.configDir, 'cli.json');
    const original = await readFile(file, 'utf8');
    try {
      await chmod(file, 0o644);
      const open = await soma$(['x']);
      expect(open.status).toBe(6);
      await chmod(file, 0o600);
      // A server that is gone: the port in cli.json refuses connections.
      const gone = JSON.parse(original);
      gone.url = 'http://127.0.0.1:9';
      await writeFile(file, JSON.stringify(gone), { mode: 0o600 });
      const down = await soma$(['x']);
      expect(down.status).toBe(4);
      expect(down.stderr).toContain('Arranca SOMA con «npm start»');
    } finally {
      await rm(file, { force: true });
      await writeFile(file, original, { mode: 0o600 });
    }
  });
});
