import { readdirSync, readFileSync } from 'node:fs';

/**
 * Which threads of the machine ran, and which waited for a core, over a window: run it
 * beside a day (`npx tsx bench/diagnostics/thread-cpu.ts [seconds=60]` in another shell
 * once the log says a day began). For each thread alive at both ends, its share of a core
 * running and runnable-but-waiting (/proc/<pid>/task/<tid>/schedstat), its nice value and
 * whether it runs under SCHED_IDLE (the day's phone); then the same summed by group (the
 * model's process, the server, the laptop's and the phone's
 * Chromium, the bench) and the machine's idle share (/proc/stat). A thread that is
 * runnable the whole window and waits a third of it is short of CPU, not of work.
 * A diagnostic, not a figure; Linux only.
 */

const SECONDS = Number(process.argv[2] ?? 60);

interface Task {
  ranNs: number;
  waitedNs: number;
  nice: number;
  idlePolicy: boolean;
  name: string;
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** Every thread's schedstat, nice and policy, by "pid/tid"; and each process's command line. */
function snapshot(commands: Map<string, string>): Map<string, Task> {
  const tasks = new Map<string, Task>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (!commands.has(pid))
      commands.set(pid, (read(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' '));
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const sched = read(`/proc/${pid}/task/${tid}/schedstat`);
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (!sched || !stat) continue;
      // After the command name in parentheses: field 19 (nice) is index 16, 41 (policy) 38.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const [ran, waited] = sched.split(' ');
      tasks.set(`${pid}/${tid}`, {
        ranNs: Number(ran),
        waitedNs: Number(waited),
        nice: Number(fields[16]),
        idlePolicy: fields[38] === '5',
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      });
    }
  }
  return tasks;
}

/** The machine's CPU times from the first line of /proc/stat (user … steal). */
const cpuTimes = () =>
  (read('/proc/stat') ?? '').split('\n')[0]!.split(/\s+/).slice(1, 9).map(Number);

function group(command: string, task: Task): string {
  if (command.includes('onnx-worker')) return 'model process';
  if (command.includes('dist/server/main.js')) return 'server';
  if (command.includes('chromium'))
    return task.idlePolicy ? 'phone Chromium (SCHED_IDLE)' : 'laptop Chromium';
  if (command.includes('bench/')) return 'bench process';
  return 'other';
}

const pct = (share: number) => `${(share * 100).toFixed(1).padStart(6)} %`;

const commands = new Map<string, string>();
const before = snapshot(commands);
const cpuBefore = cpuTimes();
const t0 = performance.now();
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
const after = snapshot(commands);
const cpuAfter = cpuTimes();
const windowNs = (performance.now() - t0) * 1e6;

const rows: { key: string; ran: number; waited: number; task: Task; group: string }[] = [];
for (const [key, task] of after) {
  const old = before.get(key);
  if (!old) continue;
  const ran = (task.ranNs - old.ranNs) / windowNs;
  const waited = (task.waitedNs - old.waitedNs) / windowNs;
  const pid = key.split('/')[0]!;
  if (ran > 0.005 || waited > 0.005)
    rows.push({ key, ran, waited, task, group: group(commands.get(pid) ?? '', task) });
}
rows.sort((a, b) => b.ran - a.ran);
console.log(`${(windowNs / 1e9).toFixed(1)} s; share of a core running / waiting for one`);
for (const r of rows.slice(0, 25)) {
  const policy = r.task.idlePolicy ? ' idle' : '';
  console.log(
    `${pct(r.ran)} ran ${pct(r.waited)} waited  ${r.key.padEnd(13)} nice ${String(r.task.nice).padStart(3)}${policy}  ${r.task.name}  (${r.group})`,
  );
}
const groups = new Map<string, number>();
for (const r of rows) groups.set(r.group, (groups.get(r.group) ?? 0) + r.ran);
console.log('by group (threads alive at both ends; short-lived ones are missed):');
for (const [name, ran] of [...groups].sort((a, b) => b[1] - a[1]))
  console.log(`${pct(ran)}  ${name}`);
const spent = cpuAfter.map((v, i) => v - (cpuBefore[i] ?? 0));
const total = spent.reduce((a, b) => a + b, 0);
console.log(`machine idle: ${pct((spent[3] ?? 0) / total)} of all cores`);
