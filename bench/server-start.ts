import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rssMb } from './process-memory.ts';
import { type BenchResult, median, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';

/** How long to let a started server settle before reading its idle memory. */
const IDLE_SETTLE_MS = 2_000;

function get(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/', headers: { host: `127.0.0.1:${port}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Spawns a server, waits for it to print its port, then polls until it answers. */
async function measureOnce(args: string[], portFrom: RegExp): Promise<{ ms: number; rss: number }> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr?.on('data', (d) => {
        out += d;
      });
      child.stdout?.on('data', (d) => {
        out += d;
        const m = portFrom.exec(out);
        if (m?.[1]) resolve(Number(m[1]));
      });
      child.on('exit', (code) => reject(new Error(`salió con ${code}: ${out}`)));
    });
    for (;;) {
      try {
        await get(port);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
    const rss = await rssMb(child.pid!);
    return { ms, rss };
  } finally {
    child.kill('SIGKILL');
  }
}

const BARE_HONO = `
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
const app = new Hono();
app.get('/', (c) => c.text('ok'));
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (i) => console.log('port ' + i.port));
`;

/** server.start_ms and server.idle_rss_mb, beside a bare Hono server on the same machine. */
export async function benchServerStart(runs: number): Promise<BenchResult[]> {
  const base = await mkdtemp(join(tmpdir(), 'soma-bench-start-'));
  const bare = join(process.cwd(), 'bench', '.bare-hono.mjs');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(bare, BARE_HONO);
  const soma: { ms: number; rss: number }[] = [];
  const hono: { ms: number; rss: number }[] = [];
  const { nodeArgs, script } = await serveCommand();
  try {
    for (let i = 0; i < runs; i++) {
      soma.push(
        await measureOnce(
          [
            ...nodeArgs,
            script,
            '--vault',
            join(base, `vault-${i}`),
            '--create-vault',
            '--config-dir',
            join(base, `config-${i}`),
            '--port',
            '0',
            '--no-open',
          ],
          /http:\/\/127\.0\.0\.1:(\d+)/,
        ),
      );
      hono.push(await measureOnce([...nodeArgs, bare], /port (\d+)/));
    }
  } finally {
    await rm(base, { recursive: true, force: true });
    await rm(bare, { force: true });
  }
  const startMs = median(soma.map((s) => s.ms));
  const bareMs = median(hono.map((s) => s.ms));
  const rss = median(soma.map((s) => s.rss));
  const bareRss = median(hono.map((s) => s.rss));
  return [
    {
      name: 'server.start_ms',
      value: round2(startMs),
      unit: 'ms',
      baseline: { name: 'bare Hono server start', value: round2(bareMs) },
      note: `median of ${runs} cold starts, new vault each time; ratio ${round2(startMs / bareMs)}× a bare Hono server`,
    },
    {
      name: 'server.idle_rss_mb',
      value: round2(rss),
      unit: 'MB',
      baseline: { name: 'bare Hono server idle RSS', value: round2(bareRss) },
      note: `VmRSS ${IDLE_SETTLE_MS} ms after the first answer, median of ${runs}`,
    },
  ];
}
