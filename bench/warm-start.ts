import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchResult, median, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';

/** The line `npm start` prints last: the one-time login link. */
const LOGIN_LINK = /#login=/;

/** Spawns `command`, times it until it prints the login link, then ends its whole process group. */
async function untilLoginLink(command: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  try {
    return await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (LOGIN_LINK.test(out)) resolve(performance.now() - t0);
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('exit', (code) => reject(new Error(`salió con ${code} antes del enlace: ${out}`)));
    });
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * server.warm_start_ms: `npm start` (fingerprint check, no build, then the server) to the
 * login link when nothing changed, beside `node dist/server/main.js` straight to the link.
 */
export async function benchWarmStart(runs: number): Promise<BenchResult[]> {
  const base = await mkdtemp(join(tmpdir(), 'soma-bench-warm-'));
  const { nodeArgs, script } = await serveCommand();
  const where = (i: number) => [
    '--vault',
    join(base, `vault-${i}`),
    '--create-vault',
    '--config-dir',
    join(base, `config-${i}`),
    '--port',
    '0',
    '--no-open',
  ];
  const warm: number[] = [];
  const direct: number[] = [];
  try {
    // Untimed: builds if dist/ is stale, so the timed runs are the "nothing changed" case.
    await untilLoginLink('npm', ['start', '--', ...where(-1)]);
    for (let i = 0; i < runs; i++) {
      warm.push(await untilLoginLink('npm', ['start', '--', ...where(i)]));
      direct.push(
        await untilLoginLink(process.execPath, [...nodeArgs, script, ...where(i + runs)]),
      );
    }
  } finally {
    await rm(base, { recursive: true, force: true });
  }
  const ms = median(warm);
  const directMs = median(direct);
  return [
    {
      name: 'server.warm_start_ms',
      value: round2(ms),
      unit: 'ms',
      baseline: { name: 'node dist/server/main.js to the login link', value: round2(directMs) },
      note: `median of ${runs}; npm start with an up-to-date build (npm's own start-up and the source fingerprint are the difference)`,
    },
  ];
}
