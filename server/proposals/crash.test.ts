import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, seedFromEnv } from '../../testing/server/seeded-random.ts';
import { cleanTempFiles, TEMP_PREFIX } from './vault-writer.ts';

/** Contents and kill points come from this seed; `SOMA_CRASH_SEED=n` replays or varies a run. */
const SEED = seedFromEnv('SOMA_CRASH_SEED', 20_261_130);
const rnd = seededRandom(SEED);

/** Times the writer is killed; each round starts a fresh process. */
const ROUNDS = 8;
const TARGETS = ['uno.md', 'carpeta/dos.md', 'carpeta/tres.md'];
const FOLDERS = ['', 'carpeta'];

/**
 * Two known contents per target, of seeded letters and sizes (1.6–2.6 MB). Over Node's
 * 512 KiB write chunk, so writing one takes several system calls: a writer that wrote
 * the target in place would be killed with half a file on disk (checked by swapping in one).
 */
const CONTENTS = new Map(
  TARGETS.map((t) => [
    t,
    ['A', 'B'].map((v) => {
      const letter = String.fromCharCode(97 + Math.floor(rnd() * 26));
      return `# ${t} ${v}\n${letter.repeat(1_600_000 + Math.floor(rnd() * 1_000_000))}\nfin ${v}\n`;
    }),
  ]),
);

/**
 * Where each round kills the writer: after a seeded number of whole writes, either at
 * once (wherever it is) or frozen while a temp file is on disk, so a kill mid-write is
 * certain whatever the machine's speed (the first round always does that).
 */
const KILLS = Array.from({ length: ROUNDS }, (_, round) => ({
  afterWrites: 3 + Math.floor(rnd() * 20),
  midWrite: round === 0 || rnd() < 0.5,
}));

const WRITER = pathToFileURL(path.join(import.meta.dirname, 'vault-writer.ts')).href;
/** The child: writes the known contents in turn, forever, printing one `w` per write. */
const CHILD = `
import { readFileSync } from 'node:fs';
import { writeAtomic } from ${JSON.stringify(WRITER)};
const [root, plan] = [process.argv[1], JSON.parse(readFileSync(process.argv[2], 'utf8'))];
for (let i = 0; ; i++) {
  const [target, versions] = plan[i % plan.length];
  await writeAtomic(root, target, versions[Math.floor(i / plan.length) % 2]);
  process.stdout.write('w');
}
`;

function startChild(root: string, plan: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CHILD, root, plan],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** Resolves once the child has finished `n` writes; rejects if it dies on its own. */
function writesDone(child: ChildProcess, n: number, seen: { writes: number }): Promise<void> {
  let errors = '';
  child.stderr?.on('data', (d) => {
    errors += String(d);
  });
  return new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      seen.writes += d.length;
      if (seen.writes >= n) resolve();
    });
    child.once('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the writer died on its own: ${errors}`));
    });
  });
}

async function tempFiles(root: string): Promise<string[]> {
  const lists = await Promise.all(
    FOLDERS.map(async (f) =>
      (await readdir(path.join(root, f))).filter((n) => n.startsWith(TEMP_PREFIX)),
    ),
  );
  return lists.flat();
}

/** Resolves once every thread of `pid` is stopped (Linux /proc), so nothing on disk moves. */
async function frozen(pid: number): Promise<void> {
  const state = async (tid: string) => {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => ') T');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  };
  for (;;) {
    const states = await Promise.all((await readdir(`/proc/${pid}/task`)).map(state));
    if (states.every((s) => s === 'T' || s === 't')) return;
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Freezes the child (SIGSTOP) each time a temp file changes, until one is still there
 * once it is frozen: the write is then cut in the middle, whatever the timing.
 */
async function freezeMidWrite(child: ChildProcess, root: string): Promise<void> {
  let wake: (() => void) | null = null;
  const watchers = FOLDERS.map((f) =>
    watch(path.join(root, f), (_event, name) => {
      if (name?.startsWith(TEMP_PREFIX)) wake?.();
    }),
  );
  try {
    for (;;) {
      await new Promise<void>((r) => {
        wake = r;
      });
      wake = null;
      child.kill('SIGSTOP');
      await frozen(child.pid ?? 0);
      if ((await tempFiles(root)).length > 0) return;
      child.kill('SIGCONT');
    }
  } finally {
    for (const w of watchers) w.close();
  }
}

describe(`vault-writer under SIGKILL (SOMA_CRASH_SEED=${SEED})`, () => {
  let base: string;
  let root: string;
  let plan: string;
  beforeAll(async () => {
    console.info(`crash test seed: SOMA_CRASH_SEED=${SEED}`);
    base = await mkdtemp(path.join(tmpdir(), 'soma-crash-'));
    root = path.join(base, 'vault');
    await mkdir(path.join(root, 'carpeta'), { recursive: true });
    plan = path.join(base, 'plan.json');
    await writeFile(plan, JSON.stringify(TARGETS.map((t) => [t, CONTENTS.get(t)])));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('leaves every target whole (old or new content) and no visible temp file', async () => {
    let writes = 0;
    for (const [round, kill] of KILLS.entries()) {
      const child = startChild(root, plan);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const seen = { writes: 0 };
      await writesDone(child, kill.afterWrites, seen);
      if (kill.midWrite) await freezeMidWrite(child, root);
      child.kill('SIGKILL');
      await exited;
      writes += seen.writes;
      if (kill.midWrite) expect(await tempFiles(root), `round ${round}`).not.toEqual([]);
      for (const target of TARGETS) {
        const text = await readFile(path.join(root, target), 'utf8').catch(() => null);
        if (text !== null) expect(CONTENTS.get(target), target).toContain(text);
      }
    }
    expect(writes).toBeGreaterThanOrEqual(ROUNDS * 3);
    // Temp files left behind prove that kills landed mid-write, the case under test.
    expect(await cleanTempFiles(root)).toBeGreaterThan(0);
    const names = [
      ...(await readdir(root)),
      ...(await readdir(path.join(root, 'carpeta'))).map((n) => `carpeta/${n}`),
    ];
    expect(names.sort()).toEqual(['carpeta', ...TARGETS].sort());
  });
});
