import { execFileSync } from 'node:child_process';

/**
 * Restricts a running process and all its threads to `cores` (a taskset
 * list such as "0,1"). Returns what happened, for the figures' notes: the
 * pinning, or why it could not be done (no taskset, not permitted).
 */
export function pinToCores(pid: number, cores: string): string {
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], {
      stdio: 'ignore',
    });
    return `server pinned to cores ${cores} (taskset -a -c -p)`;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return missing
      ? 'taskset not installed: server not pinned (all cores)'
      : 'taskset failed: server not pinned (all cores)';
  }
}
