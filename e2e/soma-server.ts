import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Harness } from '../harness/schema.ts';

/** A real SOMA server on a free port, over a temp vault and config folder. */
export interface RunningSoma {
  url: string;
  /** The one-time start-up link printed at start. */
  loginLink: string;
  vault: string;
  configDir: string;
  /** The server's process id (for memory readings). */
  pid: number;
  output: () => string;
  /** Writes a file into the vault, as another program (an editor, Obsidian) would. */
  writeNote: (path: string, content: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** How long the server may take to print its address before the test fails. */
const START_TIMEOUT_MS = 15_000;

export interface StartOptions {
  /** Fields that replace the shipped harness's (e.g. `providers` pointing at a fake upstream). */
  harness?: Partial<Harness>;
  /** Extra environment for the server (API keys). */
  env?: Record<string, string>;
  /** Node flags before the script (the benchmarks pass those of `npm run serve`). */
  nodeArgs?: string[];
}

/** Starts `dist/server/main.js` (built by `npm run build`) with `notes` pre-written. */
export async function startSoma(
  notes: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<RunningSoma> {
  const base = await mkdtemp(join(tmpdir(), 'soma-e2e-'));
  const vault = join(base, 'vault');
  const configDir = join(base, 'config');
  const harnessFile = join(base, 'soma.json');
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const harness: Harness = { ...shipped, ...opts.harness };
  if (!harness.providers.some((p) => p.id === harness.webSearch.provider)) {
    harness.webSearch = { ...harness.webSearch, provider: harness.providers[0]!.id };
  }
  await mkdir(base, { recursive: true });
  await writeFile(harnessFile, JSON.stringify(harness, null, 2));
  for (const [path, content] of Object.entries(notes)) {
    await mkdir(dirname(join(vault, path)), { recursive: true });
    await writeFile(join(vault, path), content);
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(opts.nodeArgs ?? []),
      'dist/server/main.js',
      '--vault',
      vault,
      '--config-dir',
      configDir,
      '--harness',
      harnessFile,
      '--port',
      '0',
      '--no-open',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      // No real keys leak in from the developer's shell: only what the test gives.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: '1', ...opts.env },
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const loginLink = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`SOMA no arrancó:\n${out}`)), START_TIMEOUT_MS);
    const check = () => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#login=[\w-]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`SOMA salió con código ${code}:\n${out}`));
    });
  });
  const url = new URL(loginLink).origin;
  return {
    url,
    loginLink,
    vault,
    configDir,
    pid: child.pid!,
    output: () => out,
    writeNote: async (path, content) => {
      await mkdir(dirname(join(vault, path)), { recursive: true });
      await writeFile(join(vault, path), content);
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(base, { recursive: true, force: true });
    },
  };
}
