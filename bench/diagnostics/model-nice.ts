import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * What the model thread's nice value (server/embeddings/thread-priority.ts) trades, on this
 * machine's cores, with busy loops standing in for the model and for the rest of the laptop:
 *  - how late a user's short step runs: a thread that sleeps 5 ms then works 1 ms, beside
 *    the model and one other busy thread (p50/p95/p99 lateness of its wake-ups, ms);
 *  - how much of a core the model keeps against three busy threads of normal priority.
 * Then the same where the kernel shares the CPU between sessions first (autogroup): the
 * model and the other busy thread each in a session of its own (as the server and a browser
 * are), the measuring thread in a third, with the model's session at group nice 0 (a thread
 * of the server, as it runs now) and at 19 (what a model in a process and session of its own,
 * lowered, would be). There a thread's nice weighs only inside its session.
 * A diagnostic, not a figure (no threshold): `npx tsx bench/diagnostics/model-nice.ts [seconds=8]`.
 * Linux only (reads /proc/<pid>/schedstat); the machine should be otherwise quiet.
 */

const SECONDS = Number(process.argv[2] ?? 8);
const NICES = [10, 5, 0];
const LOOP = 'for (;;) {}';

const busy = (nice: number): ChildProcess =>
  spawn('nice', ['-n', String(nice), process.execPath, '-e', LOOP], { stdio: 'ignore' });

/** A busy loop in a session of its own, the session's group at `groupNice` (autogroup). */
const busyInSession = (groupNice: number): ChildProcess => {
  const child = spawn(process.execPath, ['-e', LOOP], { stdio: 'ignore', detached: true });
  // Lowering a group needs no privilege; where autogroup is off there is no such file.
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, String(groupNice));
  } catch {}
  return child;
};

/** CPU time (ns) the process has run, from its schedstat. */
const ranNs = (pid: number) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function spin(ms: number) {
  const t = performance.now();
  while (performance.now() - t < ms);
}

/** Wake-up lateness of a 5 ms sleep followed by 1 ms of work, for `seconds`. */
async function lateness(seconds: number): Promise<number[]> {
  const late: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    await pause(5);
    late.push(performance.now() - t0 - 5);
    spin(1);
  }
  return late.sort((a, b) => a - b);
}

const at = (sorted: number[], p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? 0;

/**
 * Starts the model (`model()`), then times a short step's wake-ups beside it and one other
 * busy loop (`other()`), then reads the model's share of a core against three such loops.
 */
async function trade(model: () => ChildProcess, other: () => ChildProcess) {
  const m = model();
  const beside = other();
  await pause(500);
  const late = await lateness(SECONDS);
  beside.kill();
  const hogs = [other(), other(), other()];
  await pause(500);
  const before = ranNs(m.pid!);
  await pause(SECONDS * 1000);
  const share = (ranNs(m.pid!) - before) / (SECONDS * 1e9);
  for (const p of [m, ...hogs]) p.kill();
  const wokeLate = `late p50 ${at(late, 0.5).toFixed(2)}, p95 ${at(late, 0.95).toFixed(2)}, p99 ${at(late, 0.99).toFixed(2)} ms`;
  return { late: wokeLate, share: `${Math.round(share * 100)} %` };
}

async function main() {
  for (const nice of NICES) {
    const { late, share } = await trade(
      () => busy(nice),
      () => busy(0),
    );
    console.log(
      `model at nice ${nice}: a short step's wake-up ${late} (beside the model and one busy thread); ` +
        `the model keeps ${share} of a core against three busy threads`,
    );
  }
  let groups = 'off';
  try {
    groups = readFileSync('/proc/self/autogroup', 'utf8').trim();
  } catch {}
  console.log(`session groups (autogroup): ${groups === 'off' ? 'off' : 'on'}`);
  for (const groupNice of [0, 5, 10, 19]) {
    const { late, share } = await trade(
      () => busyInSession(groupNice),
      () => busyInSession(0),
    );
    console.log(
      `model in a session of its own at group nice ${groupNice}: a short step's wake-up (another session) ${late} ` +
        `(beside the model and one busy thread of a third session); the model keeps ${share} of a core against three busy threads, each in a session of its own`,
    );
  }
}

await main();
