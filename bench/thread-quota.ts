import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The cgroup (v1) CPU controller's folder, where a root process may make groups. */
const CPU_CGROUP = '/sys/fs/cgroup/cpu';
/** The quota's period (µs): short, so a slowed thread runs in 1 ms slices, not in 25 ms bursts. */
const PERIOD_US = 4_000;

/** Threads slowed by a CPU quota, and how to let them go. */
export interface ThreadQuota {
  /** What was done, for the figures' notes. */
  how: string;
  release(): Promise<void>;
}

/**
 * Slows each of `threads` (thread ids: a process's id is its main thread's) `rate` times
 * by giving it a CPU quota of its own: a cgroup per thread, `1/rate` of each 4 ms. Unlike
 * DevTools' CPU throttling (Emulation.setCPUThrottlingRate), which on Linux makes the
 * slowed thread spin in a signal handler for the time it is held back, so that an idle
 * tab slowed 4× takes most of a core (bench/README.md), a quota only takes CPU away: the
 * thread is as slow and the other processes keep what it does not use, as on a slower
 * laptop. Null when the machine gives no such control (no cgroup v1 CPU controller, not
 * root): the caller falls back to DevTools' throttling and says so.
 */
export async function slowThreads(
  threads: readonly number[],
  rate: number,
): Promise<ThreadQuota | null> {
  if (threads.length === 0) return null;
  const made: string[] = [];
  const release = async () => {
    for (const dir of made) {
      // Every thread in the group (threads the slowed one started since are in it too) goes
      // back to the root group before the group can be removed.
      const tasks = await readFile(join(dir, 'tasks'), 'utf8').catch(() => '');
      for (const tid of tasks.split('\n').filter(Boolean)) {
        await writeFile(join(CPU_CGROUP, 'tasks'), tid).catch(() => undefined);
      }
      await rmdir(dir).catch(() => undefined);
    }
  };
  try {
    for (const tid of threads) {
      const dir = join(CPU_CGROUP, `soma-bench-slow-${process.pid}-${tid}`);
      await mkdir(dir, { recursive: true });
      made.push(dir);
      await writeFile(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      await writeFile(join(dir, 'cpu.cfs_quota_us'), String(Math.round(PERIOD_US / rate)));
      await writeFile(join(dir, 'tasks'), String(tid));
    }
  } catch {
    await release();
    return null;
  }
  return {
    how: `${threads.length} thread(s) held to 1/${rate} of the CPU by a cgroup quota (${Math.round(PERIOD_US / rate / 1000)} ms of every ${PERIOD_US / 1000} ms)`,
    release,
  };
}
