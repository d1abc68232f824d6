import { readdir, readFile } from 'node:fs/promises';

/** A process's resident set (VmRSS) in MB, from /proc. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/** `pid` and the processes it started, theirs included, from each thread's list of children. */
export async function processAndChildren(pid: number): Promise<number[]> {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const tids = await readdir(`/proc/${found[i]}/task`).catch(() => [] as string[]);
    for (const tid of tids) {
      const listed = await readFile(`/proc/${found[i]}/task/${tid}/children`, 'utf8').catch(
        () => '',
      );
      for (const child of listed.split(' ').filter(Boolean)) found.push(Number(child));
    }
  }
  return found;
}

/**
 * The memory of `pid` and the processes it started (`processAndChildren`): the server's with
 * its model's, as the ONNX model runs in a process the server starts
 * (server/embeddings/onnx-worker.ts) and the server alone would leave it out.
 */
export async function withChildrenMemory(pid: number): Promise<TreeMemory> {
  return memoryOf(await processAndChildren(pid));
}

/**
 * Proportional set (each shared page split among the processes mapping it) and unique
 * set (private pages) in MB, from the text of /proc/<pid>/smaps_rollup (zeros for a
 * field it lacks, as when the kernel hides them).
 */
export function smapsRollupMb(rollup: string): { pss: number; uss: number } {
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return {
    pss: kb('Pss') / 1024,
    uss: (kb('Private_Clean') + kb('Private_Dirty')) / 1024,
  };
}

/** A process's PSS and USS in MB (smapsRollupMb), zeros if unreadable (it ended, or no rights). */
export async function pssUssMb(pid: number): Promise<{ pss: number; uss: number }> {
  try {
    return smapsRollupMb(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'));
  } catch {
    return { pss: 0, uss: 0 };
  }
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux's every usual build). */
const TICKS_PER_SECOND = 100;

/** pid → parent pid, command line and CPU time used (ms) of every process /proc shows. */
async function processTable(): Promise<Map<number, { ppid: number; cmd: string; cpuMs: number }>> {
  const table = new Map<number, { ppid: number; cmd: string; cpuMs: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // The command name in parentheses may itself hold spaces or parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the name).
      const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      const cmd = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0')[0] ?? '';
      table.set(Number(entry), { ppid, cmd, cpuMs });
    } catch {
      // the process ended while the table was read
    }
  }
  return table;
}

/**
 * Every process under `root` whose executable path contains `match` (the
 * browser, renderer, GPU and utility processes of a Chromium this process
 * launched), and everything they started, excluding nothing.
 */
function treeOf(
  table: Awaited<ReturnType<typeof processTable>>,
  root: number,
  match: string,
): number[] {
  const inTree = (pid: number): boolean => {
    for (let p = table.get(pid)?.ppid; p !== undefined && p > 1; p = table.get(p)?.ppid) {
      if (p === root) return true;
    }
    return false;
  };
  const tops = [...table].filter(([pid, p]) => p.cmd.includes(match) && inTree(pid));
  const topPids = new Set(tops.map(([pid]) => pid));
  // A matching process and all its descendants, whatever their names (zygotes, helpers).
  return [...table.keys()].filter((pid) => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = table.get(p)?.ppid) {
      if (topPids.has(p)) return true;
    }
    return false;
  });
}

/** CPU time (ms) used so far by the processes `treeOf` finds (those that ended are not counted). */
export async function processTreeCpuMs(root: number, match: string): Promise<number> {
  const table = await processTable();
  let ms = 0;
  for (const pid of treeOf(table, root, match)) ms += table.get(pid)?.cpuMs ?? 0;
  return ms;
}

/**
 * Memory of a group of processes, three ways: summed RSS counts a shared page
 * once per process (an upper bound), summed USS only private pages (a lower
 * bound), summed PSS every page once, split among the processes that map it.
 */
export interface TreeMemory {
  pids: number[];
  rssMb: number;
  pssMb: number;
  ussMb: number;
}

/** `root` and every process under it, from the table. */
function withDescendants(table: Awaited<ReturnType<typeof processTable>>, root: number): number[] {
  return [...table.keys()].filter((pid) => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = table.get(p)?.ppid) {
      if (p === root) return true;
    }
    return false;
  });
}

/**
 * The memory of the processes `treeOf` finds, less those under any of `apart` (another
 * browser this process launched whose memory is counted on its own).
 */
export async function processTreeMemory(
  root: number,
  match: string,
  apart: readonly number[] = [],
): Promise<TreeMemory> {
  const table = await processTable();
  const skip = new Set(apart.flatMap((pid) => withDescendants(table, pid)));
  return memoryOf(treeOf(table, root, match).filter((pid) => !skip.has(pid)));
}

/**
 * The processes `treeOf` finds, less those under any of `apart`, whose command line
 * holds `flag` (`--type=renderer`: a Chromium's renderers).
 */
export async function processTreeWithFlag(
  root: number,
  match: string,
  flag: string,
  apart: readonly number[] = [],
): Promise<number[]> {
  const table = await processTable();
  const skip = new Set(apart.flatMap((pid) => withDescendants(table, pid)));
  const found: number[] = [];
  for (const pid of treeOf(table, root, match)) {
    if (skip.has(pid)) continue;
    // Chromium rewrites its processes' titles: the arguments may come joined by spaces.
    const args = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (args.split(/[\0 ]/).includes(flag)) found.push(pid);
  }
  return found;
}

/** The memory of `root` and every process under it (a browser and all it started). */
export async function ownTreeMemory(root: number): Promise<TreeMemory> {
  return memoryOf(withDescendants(await processTable(), root));
}

async function memoryOf(pids: number[]): Promise<TreeMemory> {
  const sum = { pids, rssMb: 0, pssMb: 0, ussMb: 0 };
  for (const pid of pids) {
    sum.rssMb += await rssMb(pid).catch(() => 0);
    const { pss, uss } = await pssUssMb(pid);
    sum.pssMb += pss;
    sum.ussMb += uss;
  }
  return sum;
}
