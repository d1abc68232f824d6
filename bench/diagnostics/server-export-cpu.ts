import { readFileSync } from 'node:fs';
import { startSoma } from '../../e2e/soma-server.ts';
import { spanishVault } from '../search-vault.ts';
import { serveCommand } from '../serve-args.ts';

/**
 * The server's CPU for a first sync's two requests, without a browser: the cold scan
 * (start until the manifest answers) and each whole-vault export (GET /api/vault/export,
 * drained by this process), read from /proc; then its RSS (FIRST_SYNC=1 first asks
 * the export and the manifest at once, as a first sync does). A diagnostic, not a figure:
 * `npx tsx bench/diagnostics/server-export-cpu.ts [notes=10000] [exports=3]`.
 */
const count = Number(process.argv[2] ?? 10_000);
const exports = Number(process.argv[3] ?? 3);
const cpuOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const soma = await startSoma(spanishVault(count), { nodeArgs: (await serveCommand()).nodeArgs });
try {
  const origin = soma.url;
  const token = new URL(soma.loginLink).hash.replace('#login=', '');
  const login = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ token }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const get = (path: string) => fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
  const t0 = performance.now();
  if (process.env.FIRST_SYNC) {
    // As a first sync asks: the export and the manifest at once, during the cold scan.
    const [body] = await Promise.all([
      get('/api/vault/export').then((r) => r.arrayBuffer()),
      get('/api/vault/manifest').then((r) => r.arrayBuffer()),
    ]);
    console.log(
      `first sync (start, scan, export, manifest): cpu ${cpuOf(soma.pid)} ms, ${Math.round(performance.now() - t0)} ms after login, ${(body.byteLength / 1e6).toFixed(1)} MB`,
    );
  }
  await (await get('/api/vault/manifest')).arrayBuffer();
  console.log(
    `start + cold scan: cpu ${cpuOf(soma.pid)} ms; manifest answered ${Math.round(performance.now() - t0)} ms after login`,
  );
  for (let i = 0; i < exports; i++) {
    const c0 = cpuOf(soma.pid);
    const t1 = performance.now();
    const body = await (await get('/api/vault/export')).arrayBuffer();
    console.log(
      `export ${i + 1}: cpu ${cpuOf(soma.pid) - c0} ms, wall ${Math.round(performance.now() - t1)} ms, ${(body.byteLength / 1e6).toFixed(1)} MB`,
    );
  }
  await new Promise((r) => setTimeout(r, 4000));
  console.log(`rss 4 s later: ${rssOf(soma.pid).toFixed(1)} MB`);
} finally {
  await soma.stop();
}
