import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTempFiles } from './vault-writer.ts';

/** Times the writer is killed; each round starts a fresh process. */
const ROUNDS = 8;
const TARGETS = ['uno.md', 'carpeta/dos.md', 'carpeta/tres.md'];
/**
 * Two known contents per target, of different sizes. Over Node's 512 KiB write chunk, so
 * writing one takes several system calls: a writer that wrote the target in place would
 * be killed with half a file on disk in most rounds (checked by swapping in one).
 */
const contents = (target: string) => [
  `# ${target} A\n${'a'.repeat(2_500_000)}\n`,
  `# ${target} B\n${'b'.repeat(1_600_000)}\nfin\n`,
];

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

describe('vault-writer under SIGKILL', () => {
  let base: string;
  let root: string;
  let plan: string;
  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'soma-crash-'));
    root = path.join(base, 'vault');
    await mkdir(root);
    plan = path.join(base, 'plan.json');
    await writeFile(plan, JSON.stringify(TARGETS.map((t) => [t, contents(t)])));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('leaves every target whole (old or new content) and no visible temp file', async () => {
    let writes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const child = startChild(root, plan);
      let errors = '';
      child.stderr?.on('data', (d) => {
        errors += String(d);
      });
      let seen = 0;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Kill at a random moment after the child has written a random number of times.
      const goal = 3 + Math.floor(Math.random() * 20);
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (d: Buffer) => {
          seen += d.length;
          if (seen >= goal) resolve();
        });
        child.once('exit', () => reject(new Error(`the writer died on its own: ${errors}`)));
      });
      await new Promise((r) => setTimeout(r, Math.random() * 8));
      child.kill('SIGKILL');
      await exited;
      writes += seen;
      for (const target of TARGETS) {
        const text = await readFile(path.join(root, target), 'utf8').catch(() => null);
        if (text !== null) expect(contents(target), target).toContain(text);
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
  }, 20_000);
});
