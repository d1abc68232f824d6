// The server's CPU during a browser's first sync, without a browser or HTTP:
// `npx tsx bench/diagnostics/server-sync-cpu.ts [count=10000] [runs=5]` writes a generated vault,
// then per run scans it as `soma` does at start-up (Vault.start → ready), builds the
// manifest's JSON and streams the export body (GET /api/vault/export) to the end, in
// this process. Prints each part's CPU (process.cpuUsage: every thread, the fs
// threadpool and hashing included) and wall time, medians over the runs. A diagnosis
// tool, not a benchmark figure: the files are in the page cache, as they are right
// after the bench writes its vault. Then the scan of a restart, with the scan cache.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Vault } from '../../server/vault/vault.ts';
import { exportStream } from '../../server/vault/vault-export.ts';
import { median } from '../results.ts';
import { spanishVault } from '../search-vault.ts';

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 5);

/** CPU and wall milliseconds of `work`. */
async function timed<T>(work: () => Promise<T>): Promise<{ cpu: number; wall: number; out: T }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = await work();
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall: performance.now() - t0, out };
}

const base = await mkdtemp(join(tmpdir(), 'soma-sync-cpu-'));
const root = join(base, 'vault');
for (const [path, content] of Object.entries(spanishVault(count))) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
}

const rows: Record<'scan' | 'manifest' | 'export', { cpu: number[]; wall: number[] }> = {
  scan: { cpu: [], wall: [] },
  manifest: { cpu: [], wall: [] },
  export: { cpu: [], wall: [] },
};
try {
  for (let run = 0; run < runs; run++) {
    const vault = new Vault(root);
    const scan = await timed(async () => {
      await vault.start();
      await vault.ready();
    });
    // Built and serialized as GET /api/vault/manifest answers it.
    const manifest = await timed(async () => JSON.stringify(await vault.manifest()).length);
    const exported = await timed(async () => {
      let bytes = 0;
      const reader = exportStream(vault.notes()[Symbol.asyncIterator]()).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
      return bytes;
    });
    await vault.close();
    const notes = (await vault.manifest()).notes.length;
    console.log(
      `run ${run + 1}: scan cpu ${Math.round(scan.cpu)} wall ${Math.round(scan.wall)} ms; ` +
        `manifest cpu ${Math.round(manifest.cpu)} ms; ` +
        `export cpu ${Math.round(exported.cpu)} wall ${Math.round(exported.wall)} ms ` +
        `(${notes} notes, ${(exported.out / 1048576).toFixed(1)} MB)`,
    );
    for (const [key, t] of [
      ['scan', scan],
      ['manifest', manifest],
      ['export', exported],
    ] as const) {
      rows[key].cpu.push(t.cpu);
      rows[key].wall.push(t.wall);
    }
  }
  // A restart: the scan cache written by one start lets the next skip reading and hashing.
  const cacheFile = join(base, 'vault-scan.json');
  const first = new Vault(root, { scanCacheFile: cacheFile });
  await first.start();
  await first.close();
  const restarts: number[] = [];
  for (let run = 0; run < runs; run++) {
    const vault = new Vault(root, { scanCacheFile: cacheFile });
    const { cpu } = await timed(async () => {
      await vault.start();
      await vault.ready();
    });
    await vault.close();
    restarts.push(cpu);
  }
  console.log(`scan with the cache (a restart): median cpu ${Math.round(median(restarts))} ms`);
  for (const [key, r] of Object.entries(rows)) {
    console.log(
      `${key}: median cpu ${Math.round(median(r.cpu))} ms, wall ${Math.round(median(r.wall))} ms`,
    );
  }
} finally {
  await rm(base, { recursive: true, force: true });
}
