import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Harness } from '../harness/schema.ts';
import { VAULT_FOLDERS } from '../server/vault/vault-init.ts';

/** A real SOMA server on a free port, over a temp vault and config folder. */
export interface RunningSoma {
  url: string;
  /** The one-time start-up link printed at the latest start. */
  readonly loginLink: string;
  vault: string;
  configDir: string;
  /** The server's process id (for memory readings). */
  readonly pid: number;
  /** Stops the server and starts it again on the same port, vault and config (sessions kept). */
  restart: () => Promise<void>;
  output: () => string;
  /** Writes a file into the vault, as another program (an editor, Obsidian) would. */
  writeNote: (path: string, content: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** How long the server may take to print its address before the test fails (a busy machine). */
export const START_TIMEOUT_MS = 60_000;

export interface StartOptions {
  /** Fields that replace the shipped harness's (e.g. `providers` pointing at a fake upstream). */
  harness?: Partial<Harness>;
  /** Extra environment for the server (API keys). */
  env?: Record<string, string>;
  /** Node flags before the script (the benchmarks pass those of `npm run serve`). */
  nodeArgs?: string[];
  /** More server flags after the usual ones (e.g. `--lan` and its host and address). */
  args?: string[];
  /**
   * Starts the server in a session of its own, as a person starts it from a terminal of
   * its own, rather than in the caller's: where the kernel shares the CPU between sessions
   * first (autogroup), the caller's own work (a benchmark's browser driver) then does not
   * come out of the server's share. Killed when the caller exits.
   */
  ownSession?: boolean;
}

/** Writes the shipped harness with `overrides` to `file`, for `--harness`. */
export async function writeHarness(file: string, overrides: Partial<Harness> = {}): Promise<void> {
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const harness: Harness = { ...shipped, ...overrides };
  // The web search model must be one of the chain's links.
  if (!harness.providers.some((p) => p.id === harness.webSearch.provider)) {
    harness.webSearch = { ...harness.webSearch, provider: harness.providers[0]!.id };
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(harness, null, 2));
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
  await writeHarness(harnessFile, opts.harness);
  // With notes, the vault is one SOMA laid out on an earlier start (its folders, no welcome
  // note); without, it is missing and SOMA lays it out itself.
  if (Object.keys(notes).length > 0) {
    for (const folder of VAULT_FOLDERS) await mkdir(join(vault, folder), { recursive: true });
  }
  for (const [path, content] of Object.entries(notes)) {
    await mkdir(dirname(join(vault, path)), { recursive: true });
    await writeFile(join(vault, path), content);
  }
  let out = '';
  /** Spawns the server on `port` (0: any free one) and resolves with it and its login link. */
  const launch = async (port: number): Promise<{ child: ChildProcess; loginLink: string }> => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        ...(opts.nodeArgs ?? []),
        'dist/server/main.js',
        '--vault',
        vault,
        '--create-vault',
        '--config-dir',
        configDir,
        '--harness',
        harnessFile,
        '--port',
        String(port),
        '--no-open',
        ...(opts.args ?? []),
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: opts.ownSession === true,
        // No real keys leak in from the developer's shell: only what the test gives.
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: '1', ...opts.env },
      },
    );
    if (opts.ownSession) {
      // Out of the caller's process group, a Ctrl-C no longer reaches it: the caller's end does.
      const orphaned = () => child.kill('SIGKILL');
      process.once('exit', orphaned);
      child.once('exit', () => process.off('exit', orphaned));
    }
    let mine = '';
    const collect = (d: Buffer) => {
      out += d;
      mine += d;
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const loginLink = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`SOMA no arrancó:\n${mine}`)),
        START_TIMEOUT_MS,
      );
      const check = () => {
        const m = /(http:\/\/127\.0\.0\.1:\d+\/#login=[\w-]+)/.exec(mine);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout?.on('data', check);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`SOMA salió con código ${code}:\n${mine}`));
      });
    });
    return { child, loginLink };
  };
  const stopChild = async (c: ChildProcess) => {
    if (c.exitCode === null && c.signalCode === null) {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    }
  };
  let { child, loginLink } = await launch(0);
  const url = new URL(loginLink).origin;
  return {
    url,
    get loginLink() {
      return loginLink;
    },
    vault,
    configDir,
    get pid() {
      return child.pid!;
    },
    output: () => out,
    restart: async () => {
      await stopChild(child);
      ({ child, loginLink } = await launch(Number(new URL(url).port)));
    },
    writeNote: async (path, content) => {
      await mkdir(dirname(join(vault, path)), { recursive: true });
      await writeFile(join(vault, path), content);
    },
    stop: async () => {
      await stopChild(child);
      await rm(base, { recursive: true, force: true });
    },
  };
}
