// Where the server's memory goes during a browser's first sync, without a browser:
// `npx tsx bench/diagnostics/server-sync-memory.ts [count] [-- node flags…]` starts the built server
// as `npm run serve` does over a generated vault, makes the first sync's requests
// (session, status, manifest, the export stream, manifest again) and prints VmRSS and
// process.memoryUsage() after each step. A diagnosis tool, not a benchmark figure.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rssMb } from '../process-memory.ts';
import { spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';

/** Loaded into the server with --import: prints its memory on SIGUSR2. */
const PROBE = `process.on('SIGUSR2', () => {
  const m = process.memoryUsage();
  const mb = (n) => Math.round((n / 1048576) * 10) / 10;
  // With --expose-gc: what is still reachable, beside what merely was not collected yet.
  globalThis.gc?.();
  const live = globalThis.gc ? { heapLive: mb(process.memoryUsage().heapUsed) } : {};
  process.stderr.write('MEM ' + JSON.stringify({ heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), ...live, external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) }) + '\\n');
});`;

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const count = Number(args[0] && args[0] !== '--' ? args[0] : 10_000);
const extraFlags = dash === -1 ? [] : args.slice(dash + 1);

async function main(): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'soma-sync-mem-'));
  const vault = join(base, 'vault');
  for (const [path, content] of Object.entries(spanishVault(count))) {
    await mkdir(dirname(join(vault, path)), { recursive: true });
    await writeFile(join(vault, path), content);
  }
  const probe = join(base, 'probe.mjs');
  await writeFile(probe, PROBE);
  const { nodeArgs, script } = await serveCommand();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...nodeArgs,
      ...extraFlags,
      '--import',
      probe,
      script,
      '--vault',
      vault,
      '--config-dir',
      join(base, 'config'),
      '--port',
      '0',
      '--no-open',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH, HOME: base } },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  try {
    const link = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = /(http:\/\/127\.0\.0\.1:\d+)\/#login=([\w-]+)/.exec(out);
        if (m) resolve(`${m[1]} ${m[2]}`);
      };
      child.stdout?.on('data', check);
      child.on('exit', (code) => reject(new Error(`salió con ${code}: ${out}${err}`)));
    });
    const [origin, token] = link.split(' ') as [string, string];
    const pid = child.pid!;
    const t0 = performance.now();
    const report = async (step: string) => {
      const before = err.length;
      child.kill('SIGUSR2');
      while (!err.slice(before).includes('MEM ')) await new Promise((r) => setTimeout(r, 10));
      const mem = /MEM (.*)/.exec(err.slice(before))?.[1];
      const s = ((performance.now() - t0) / 1000).toFixed(1);
      console.log(`${step.padEnd(28)} t=${s}s rss=${(await rssMb(pid)).toFixed(1)} MB ${mem}`);
    };
    const headers = { host: new URL(origin).host, origin };
    await report('started');
    const login = await fetch(`${origin}/api/session`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const get = (path: string, accept = 'application/json') =>
      fetch(`${origin}${path}`, {
        headers: { ...headers, cookie, accept, 'accept-encoding': 'gzip, deflate, br' },
      });
    await (await get('/api/status')).text();
    const manifest = (await (await get('/api/vault/manifest')).json()) as { notes: unknown[] };
    await report(`manifest (${manifest.notes.length} notes)`);
    const reader = (await get('/api/vault/export', 'application/x-ndjson')).body!.getReader();
    let bytes = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
    await report(`export (${(bytes / 1048576).toFixed(1)} MB)`);
    await (await get('/api/vault/manifest')).text();
    await report('manifest again');
    for (const wait of [2, 4, 10]) {
      await new Promise((r) => setTimeout(r, wait * 1000));
      await report(`+${wait} s idle`);
    }
  } finally {
    child.kill('SIGKILL');
    await rm(base, { recursive: true, force: true });
  }
}

await main();
