import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATH } from '../../common/proposal-schemas.ts';
import { seededRandom, seedFromEnv } from '../../testing/server/seeded-random.ts';
import type { WriteStep } from '../proposals/land-write.ts';
import { describeWrites } from './describe-writes.ts';
import { HISTORY_DIR, HistoryStore } from './history-store.ts';

/** Contents and write counts come from this seed; `SOMA_CRASH_SEED=n` replays or varies a run. */
const SEED = seedFromEnv('SOMA_CRASH_SEED', 20_261_204);
const rnd = seededRandom(SEED);

/**
 * The durable steps of a confirmed write, in order (history kept, audit line, file in
 * place); each round kills the writer after one.
 */
const STEPS: WriteStep[] = ['kept', 'audit', 'written'];
const TARGETS = ['uno.md', 'carpeta/dos.md'];
/** Rounds per step: the first starts from no file (a create), later ones overwrite. */
const ROUNDS_PER_STEP = 2;

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** One round: the child makes `writes` writes and kills itself after `step` of the last one. */
interface Round {
  target: string;
  contents: string[];
  step: WriteStep;
}
const ROUNDS: Round[] = STEPS.flatMap((step) =>
  Array.from({ length: ROUNDS_PER_STEP }, (_, r) => ({
    target: TARGETS[r % TARGETS.length] ?? 'uno.md',
    contents: Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, i) => {
      const letter = String.fromCharCode(97 + Math.floor(rnd() * 26));
      // CRLF and a BOM, so the bytes kept are checked as bytes.
      return `\ufeff# ${step} ${r} ${i}\r\n${letter.repeat(50_000 + Math.floor(rnd() * 50_000))}\r\n`;
    }),
    step,
  })),
);

const here = (f: string) => pathToFileURL(path.join(import.meta.dirname, f)).href;
/** The child: lands each content as confirm does (land-write.ts), dying after the last one's step. */
const CHILD = `
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { landWrite } from ${JSON.stringify(here('../proposals/land-write.ts'))};
import { HistoryStore } from ${JSON.stringify(here('./history-store.ts'))};
import { appendLine, removeFile, stageAtomic } from ${JSON.stringify(here('../proposals/vault-writer.ts'))};
import { readCurrent } from ${JSON.stringify(here('../vault/current-file.ts'))};
const [root, config, roundFile] = process.argv.slice(1);
const round = JSON.parse(readFileSync(roundFile, 'utf8'));
const history = new HistoryStore(config, () => ({ keepDays: 90, maxMegabytes: 200 }));
for (const [i, content] of round.contents.entries()) {
  const last = i === round.contents.length - 1;
  const now = await readCurrent(root, round.target);
  const p = {
    id: round.step + '-' + round.index + '-' + i, kind: 'write', sessionId: 's', path: round.target,
    mode: now.exists ? 'overwrite' : 'create', content,
    contentHash: createHash('sha256').update(content).digest('hex'),
    baseHash: now.exists ? now.hash : null, expiresAt: Infinity,
    preview: { type: 'full', text: '' }, state: 'spent',
  };
  await landWrite({
    root, history, writer: { stageAtomic, appendLine, removeFile },
    audit: (entry) => appendLine(root, ${JSON.stringify(AUDIT_LOG_PATH)}, JSON.stringify(entry)),
    log: () => {},
    step: async (s) => { if (last && s === round.step) process.kill(process.pid, 'SIGKILL'); },
  }, p, { time: Date.now(), session: { id: 's', label: 'prueba' } });
}
`;

function runChild(root: string, config: string, roundFile: string): Promise<string | null> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CHILD, root, config, roundFile],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (d) => {
    errors += String(d);
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(signal);
      else reject(new Error(`the writer was not killed where planned: ${errors}`));
    });
  });
}

describe(`write history under SIGKILL at each step (SOMA_CRASH_SEED=${SEED})`, () => {
  let base: string;
  let root: string;
  let config: string;
  beforeAll(async () => {
    console.info(`history crash test seed: SOMA_CRASH_SEED=${SEED}`);
    base = await mkdtemp(path.join(tmpdir(), 'soma-history-crash-'));
    root = path.join(base, 'vault');
    config = path.join(base, 'config');
    await mkdir(root);
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('leaves the old file with nothing recorded, or the new one with its previous version kept', async () => {
    for (const [index, round] of ROUNDS.entries()) {
      const label = `round ${index} (${round.step})`;
      const abs = path.join(root, ...round.target.split('/'));
      const roundFile = path.join(base, `round-${index}.json`);
      await writeFile(roundFile, JSON.stringify({ ...round, index }));
      const before = await readFile(abs).catch(() => null);
      // The writes before the last one land in full; the last one is cut after its step.
      const lastBase =
        round.contents.length > 1 ? Buffer.from(round.contents.at(-2) ?? '') : before;
      await runChild(root, config, roundFile);

      const now = await readFile(abs).catch(() => null);
      const landed = round.step === 'written';
      const last = Buffer.from(round.contents.at(-1) ?? '');
      expect(now, label).toEqual(landed ? last : lastBase);

      // A fresh store reads what the killed process left, as SOMA would after a restart.
      const history = new HistoryStore(config, () => ({ keepDays: 90, maxMegabytes: 200 }));
      const entries = await history.entries(round.target);
      for (const e of entries) {
        for (const h of [e.before, e.after])
          if (h) expect(await history.blob(h), label).not.toBeNull();
      }
      const id = `${round.step}-${index}-${round.contents.length - 1}`;
      const mine = describeWrites(entries, now && sha(now)).find((w) => w.id === id);
      expect(mine?.state, label).toBe(landed ? 'current' : 'not_written');
      if (landed) {
        // The previous version, whatever it was, comes back byte for byte.
        if (lastBase) expect(await history.blob(mine?.before ?? ''), label).toEqual(lastBase);
        else expect(mine?.before, label).toBeNull();
      }
    }
    // Besides its index and pack, the history holds at most hidden temp files.
    const files = await readdir(path.join(config, HISTORY_DIR));
    expect(files.filter((n) => !/^(index\.jsonl|pack-\d+\.bin|\..*)$/.test(n))).toEqual([]);
  });
});
