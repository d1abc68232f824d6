import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The model's thread runs at this nice value: when the laptop has a core to spare it embeds
 * at full speed, and when the server's other threads (its answers to the page and the
 * phone) want the CPU they go first. A nice value weighs a thread only against those of its
 * own session where the kernel shares the CPU between sessions first (autogroup, on in
 * desktop kernels): a browser started from the desktop has its session's share whatever
 * the model's nice (docs/FACTS.md).
 * On 2 cores a model at the same priority took its fair half of the core the user was on,
 * and every short step of theirs (a query, a note opened) could wait a whole time slice.
 * Measured on 2 cores with busy loops standing in for the model (bench/diagnostics/
 * model-nice.ts): a thread that wakes every 5 ms beside it and one other busy thread waited
 * p95 0.36 ms with the model at nice 10, 0.40 at nice 5 and 3.6 at nice 0; the model kept
 * 7 %, 19 % and 49 % of a core against three busy threads. 5 keeps the user's steps as
 * quick and starves the model less when the laptop is busy (a day's embedding rate did
 * not show it beyond its noise: docs/FACTS.md).
 */
export const MODEL_THREAD_NICE = 5;

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
