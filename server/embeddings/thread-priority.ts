import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The model's threads run at this nice value: when the laptop has a core to spare it embeds
 * at full speed, and when the user's programs want the CPU they go first. It weighs the
 * model where the kernel shares the CPU between threads (autogroup off); where it shares it
 * between sessions first (autogroup, on in desktop kernels), a nice value weighs a thread
 * only against those of its own session, and MODEL_SESSION_NICE below is what counts
 * (docs/FACTS.md).
 * On 2 cores a model at the same priority took its fair half of the core the user was on,
 * and every short step of theirs (a query, a note opened) could wait a whole time slice.
 * Measured on 2 cores with busy loops standing in for the model (bench/diagnostics/
 * model-nice.ts): a thread that wakes every 5 ms beside it and one other busy thread waited
 * p95 0.36 ms with the model at nice 10, 0.40 at nice 5 and 3.6 at nice 0; the model kept
 * 7 %, 19 % and 49 % of a core against three busy threads. 5 keeps the user's steps as
 * quick and starves the model less when the laptop is busy.
 */
export const MODEL_THREAD_NICE = 5;

/**
 * The nice value of the model's session (its autogroup): the weight of the model as a
 * whole against the user's other sessions (the browser, the server), where the kernel
 * shares the CPU between sessions first. Measured on 2 cores with busy loops (bench/
 * diagnostics/model-nice.ts, the model in a session of its own): a thread of another
 * session that wakes every 5 ms beside it waited p95 3.74 ms with the model's session at
 * nice 0, 0.21 at 5, 0.18 at 10 and 0.23 at 19; the model kept 50, 19, 8 and 2 % of a core
 * against three busy threads. At 0 the model in the server's session cost every short
 * step of the page (a query, a note opened) up to a scheduler tick (4 ms here); 5 gives
 * that back and keeps the most embedding of the values that do.
 */
export const MODEL_SESSION_NICE = 5;

/**
 * Lowers the priority of the calling thread only, not of its process: on Linux a thread
 * has its own id (from /proc/thread-self) and setpriority takes it. Threads it starts
 * later (the runtime's pool, with a budget of more than one core) inherit the value.
 * Returns the thread's id, or null where threads cannot be told apart (not Linux): there
 * the model keeps the server's priority rather than lowering the whole server's.
 */
export function lowerThisThreadPriority(nice: number): number | null {
  let tid: number;
  try {
    // "<pid>/task/<tid>"
    tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    return null;
  }
  if (!Number.isInteger(tid) || tid <= 0) return null;
  try {
    // Never raised: a server already started at a lower priority keeps it for the model too.
    setPriority(tid, Math.max(nice, getPriority(tid)));
  } catch {
    return null; // a sandbox that forbids it: the model keeps its priority
  }
  return tid;
}

/** Where the kernel tells a process's session group (autogroup) and its nice value. */
const AUTOGROUP = '/proc/self/autogroup';

/**
 * Lowers the session group (autogroup) the calling process is in to `nice`, if the kernel
 * has autogroups (Linux with sched_autogroup on; the file is there either way on such a
 * kernel) and the group is not lower already: every process of the session shares it, so
 * the caller should be a session's only process (a child spawned detached). Lowering needs
 * no privilege. Returns the group's nice value after, or null where there is no such group.
 */
export function lowerThisSession(nice: number): number | null {
  let now: number;
  try {
    // "/autogroup-1234 nice 0"
    now = Number(/nice (-?\d+)/.exec(readFileSync(AUTOGROUP, 'utf8'))?.[1]);
  } catch {
    return null;
  }
  if (!Number.isInteger(now)) return null;
  if (now >= nice) return now;
  try {
    writeFileSync(AUTOGROUP, String(nice));
  } catch {
    return now; // a sandbox that forbids it: the session keeps its weight
  }
  return nice;
}
