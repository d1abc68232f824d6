import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, seedFromEnv } from '../../testing/server/seeded-random.ts';
import { ConversationStore } from './conversation-store.ts';
import { parseRecords } from './record-log.ts';

/** Turn sizes and kill moments come from this seed; `SOMA_CRASH_SEED=n` replays or varies a run. */
const SEED = seedFromEnv('SOMA_CRASH_SEED', 20_261_204);
const rnd = seededRandom(SEED);

/** Times the writer is killed; each round starts a fresh process on the same folder. */
const ROUNDS = 10;
/** Conversations the writer appends to in turn. */
const CONVERSATIONS = 3;

/**
 * Each round: the writer is killed after a seeded number of acknowledged turns, then after
 * a seeded delay of up to 15 ms, so the kill lands anywhere: in a write of a record (up to
 * ~1 MB, written in many pages, which a SIGKILL can cut), in its fdatasync, or between.
 */
const KILLS = Array.from({ length: ROUNDS }, () => ({
  afterAcks: 2 + Math.floor(rnd() * 8),
  delayMs: Math.floor(rnd() * 15),
}));

const STORE = pathToFileURL(path.join(import.meta.dirname, 'conversation-store.ts')).href;
/**
 * The child: appends turns of seeded sizes forever (a question then an answer in each
 * conversation), printing each turn's id once the store has acknowledged it.
 */
const CHILD = `
import { ConversationStore } from ${JSON.stringify(STORE)};
const [dir, round, seed] = [process.argv[1], process.argv[2], Number(process.argv[3])];
let a = seed | 0;
const rnd = () => { a = (a + 0x6d2b79f5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const store = await ConversationStore.open(dir);
for (let i = 0; ; i++) {
  const conversation = 'c' + (i % ${CONVERSATIONS});
  const page = await store.page(conversation);
  const role = page && page.answering ? 'assistant' : 'user';
  const id = round + '-' + i;
  const content = '€'.repeat(1 + Math.floor(rnd() * 330000));
  const outcome = await store.append(conversation, { id, role, content, status: 'complete', createdAt: i });
  if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome));
  process.stdout.write(id + '\\n');
}
`;

function startChild(dir: string, round: number): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CHILD, dir, `r${round}`, String(SEED + round)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** Resolves once the child acknowledged `n` turns; collects every acknowledged id. */
function acksDone(child: ChildProcess, n: number, acked: string[]): Promise<void> {
  let errors = '';
  let partial = '';
  child.stderr?.on('data', (d) => {
    errors += String(d);
  });
  return new Promise<void>((resolve, reject) => {
    let count = 0;
    child.stdout?.on('data', (d: Buffer) => {
      const lines = (partial + String(d)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) acked.push(line);
      count += lines.length;
      if (count >= n) resolve();
    });
    child.once('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the writer died on its own: ${errors}`));
    });
  });
}

describe(`ConversationStore under SIGKILL (SOMA_CRASH_SEED=${SEED})`, () => {
  let base: string;
  beforeAll(async () => {
    console.info(`crash test seed: SOMA_CRASH_SEED=${SEED}`);
    base = await mkdtemp(path.join(tmpdir(), 'soma-conv-crash-'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('keeps every acknowledged turn, whole and in order, and drops only a torn tail', async () => {
    const acked: string[] = [];
    const logs = path.join(base, 'conversations', 'c');
    let tornTails = 0;
    for (const [round, kill] of KILLS.entries()) {
      const child = startChild(base, round);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await acksDone(child, kill.afterAcks, acked);
      await new Promise((r) => setTimeout(r, kill.delayMs));
      child.kill('SIGKILL');
      await exited;
      // What the kill left on disk, before any reader repairs it.
      for (const name of await readdir(logs)) {
        const bytes = await readFile(path.join(logs, name));
        if (parseRecords(bytes).goodBytes < bytes.length) tornTails++;
      }
      const store = await ConversationStore.open(base);
      const found = new Set<string>();
      for (let c = 0; c < CONVERSATIONS; c++) {
        const page = await store.page(`c${c}`);
        const turns = page?.turns ?? [];
        expect(
          turns.map((t) => t.seq),
          `round ${round} c${c}`,
        ).toEqual(turns.map((_, i) => i + 1));
        for (const t of turns) {
          expect(t.content, t.id).toMatch(/^€+$/);
          found.add(t.id);
        }
        // Repaired: the log ends on a record boundary, ready for the next append.
        const file = path.join(logs, `c${c}.log`);
        const size = (await stat(file).catch(() => null))?.size ?? 0;
        expect(parseRecords(await readFile(file).catch(() => Buffer.alloc(0))).goodBytes).toBe(
          size,
        );
      }
      expect(
        acked.filter((id) => !found.has(id)),
        `round ${round}`,
      ).toEqual([]);
      expect(store.list().conversations.reduce((n, s) => n + s.turns, 0)).toBe(found.size);
    }
    console.info(`crash test: ${acked.length} acknowledged turns, ${tornTails} torn tails dropped`);
    expect(acked.length).toBeGreaterThanOrEqual(ROUNDS * 2);
  });
});
