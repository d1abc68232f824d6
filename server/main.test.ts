import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCAN_CACHE_FILE } from './vault/scan-cache.ts';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

interface Started {
  child: ChildProcess;
  /** Resolves with the login link, or rejects with everything printed if the process exits. */
  link: Promise<string>;
  exit: Promise<{ code: number | null; out: string }>;
}

function start(args: string[]): Started {
  const child = spawn(TSX, ['server/main.ts', '--port', '0', '--no-open', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: '1' },
  });
  let out = '';
  const exit = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
  const link = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#login=[\w-]+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exit.then(() => reject(new Error(out)));
  });
  link.catch(() => {});
  return { child, link, exit };
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode === null) {
    s.child.kill('SIGTERM');
    await s.exit;
  }
}

describe('main', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'soma-main-'));
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('refuses to start with a broken harness, naming the file, the JSON path and the problem', async () => {
    const harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
    harness.history.turns = 'diez';
    const file = join(base, 'roto.json');
    await writeFile(file, JSON.stringify(harness));
    const s = start([
      '--harness',
      file,
      '--vault',
      join(base, 'v'),
      '--config-dir',
      join(base, 'c'),
    ]);
    const { code, out } = await s.exit;
    expect(code).toBe(1);
    expect(out).toContain('roto.json');
    expect(out).toContain('$.history.turns');
  });

  it('refuses a vault path that does not exist without a terminal to ask, creating nothing', async () => {
    const vault = join(base, 'notsa');
    const { code, out } = await start(['--vault', vault, '--config-dir', join(base, 'c')]).exit;
    expect(code).toBe(1);
    expect(out).toContain(`la bóveda ${vault} no existe`);
    expect(out).toContain('--create-vault');
    expect(out).toContain(`mkdir -p ${vault}`);
    expect(existsSync(vault)).toBe(false);
  });

  it.skipIf(!existsSync('/usr/bin/script'))(
    'asks on a terminal before creating a typed vault path, and creates it only on a yes',
    async () => {
      /** Runs SOMA under a pseudo-terminal (util-linux `script`), answering the question. */
      const onTerminal = (vault: string, answer: string) => {
        const line = [TSX, 'server/main.ts', '--port', '0', '--no-open', '--vault', vault]
          .concat(['--config-dir', join(base, 'c')])
          .map((a) => `'${a}'`)
          .join(' ');
        const child = spawn('/usr/bin/script', ['-qec', line, '/dev/null'], {
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: '1' },
        });
        let out = '';
        let answered = false;
        const done = new Promise<string>((resolve) => {
          const onData = (d: Buffer) => {
            out += d;
            if (!answered && out.includes('[s/N]')) {
              answered = true;
              child.stdin?.write(`${answer}\n`);
            }
            if (/#login=/.test(out)) child.kill('SIGTERM');
          };
          child.stdout?.on('data', onData);
          child.stderr?.on('data', onData);
          child.on('exit', () => resolve(out));
        });
        return done;
      };
      const no = join(base, 'no');
      const refused = await onTerminal(no, 'n');
      expect(refused).toContain(`¿Crear una bóveda nueva en ${no}? [s/N]`);
      expect(refused).toContain(`la bóveda ${no} no existe`);
      expect(existsSync(no)).toBe(false);
      const yes = join(base, 'sí');
      expect(await onTerminal(yes, 's')).toContain('(nueva)');
      expect(existsSync(join(yes, '04_Sueños'))).toBe(true);
    },
  );

  it('says so in words when the vault path is a file', async () => {
    const file = join(base, 'nota.md');
    await writeFile(file, '# Nota');
    const { code, out } = await start(['--vault', file, '--config-dir', join(base, 'c')]).exit;
    expect(code).toBe(1);
    expect(out).toContain(`${file} es un archivo, no una carpeta`);
    expect(out).not.toContain('ENOTDIR');
  });

  it('creates the vault where it is told, prints a one-time link, and keeps sessions across a restart', async () => {
    const args = ['--vault', join(base, 'v'), '--config-dir', join(base, 'c'), '--create-vault'];
    const first = start(args);
    const link = new URL(await first.link);
    expect(existsSync(join(base, 'v', '04_Sueños'))).toBe(true);
    const login = await fetch(`${link.origin}/api/session`, {
      method: 'POST',
      headers: { origin: link.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.hash.replace('#login=', '') }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    await stop(first);

    const second = start(args);
    const origin = new URL(await second.link).origin;
    const again = await fetch(`${origin}/api/session`, { headers: { cookie } });
    expect(again.status).toBe(200);
    const replay = await fetch(`${origin}/api/session`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.hash.replace('#login=', '') }),
    });
    expect(replay.status).toBe(401);
    await stop(second);
  });

  it('scans the vault once the login link is out, before any request asks', async () => {
    const vault = join(base, 'v');
    await mkdir(join(vault, '00_Entrada'), { recursive: true });
    await writeFile(join(vault, '00_Entrada', 'nota.md'), '# Nota');
    const s = start(['--vault', vault, '--config-dir', join(base, 'c')]);
    await s.link;
    // No request is made: the scan cache, written after the first scan, shows it ran.
    const cache = join(base, 'c', SCAN_CACHE_FILE);
    await vi.waitFor(() => expect(existsSync(cache)).toBe(true), 30_000);
    expect(await readFile(cache, 'utf8')).toContain('00_Entrada/nota.md');
    await stop(s);
  });

  it('with embeddings in the harness, embeds into the config folder and keeps them across a restart', async () => {
    const harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
    harness.embeddings = { embedder: { kind: 'test', dimensions: 32 } };
    await writeFile(join(base, 'soma.json'), JSON.stringify(harness));
    const args = ['--vault', join(base, 'v'), '--config-dir', join(base, 'c'), '--create-vault'];
    args.push('--harness', join(base, 'soma.json'));
    /** Logs in and returns a reader of /api/embeddings/status. */
    const statusReader = async (s: Started) => {
      const link = new URL(await s.link);
      const login = await fetch(`${link.origin}/api/session`, {
        method: 'POST',
        headers: { origin: link.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ token: link.hash.replace('#login=', '') }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      return async () =>
        (await fetch(`${link.origin}/api/embeddings/status`, { headers: { cookie } })).json();
    };
    const first = start(args);
    const read = await statusReader(first);
    await vi.waitFor(async () => {
      const s = await read();
      expect(s.progress.notesTotal).toBeGreaterThan(0);
      expect(s.progress.notesDone).toBe(s.progress.notesTotal);
    }, 60_000);
    await stop(first);
    expect(existsSync(join(base, 'c', 'embeddings', 'index.ndjson'))).toBe(true);

    const second = start(args);
    const readAgain = await statusReader(second);
    await vi.waitFor(async () => {
      const s = await readAgain();
      expect(s.progress.notesTotal).toBeGreaterThan(0);
      expect(s.progress.notesDone).toBe(s.progress.notesTotal);
      // Nothing was embedded again: the vectors came from the config folder.
      expect(s.counters.requests).toBe(0);
    }, 60_000);
    await stop(second);
  });
});
