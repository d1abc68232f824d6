import { execFileSync } from 'node:child_process';
import { processTreeCpuMs } from './process-memory.ts';

/** How long the bench waits, once SOMA is up, for its own work in the background to end. */
const QUIET_MS = 3_000;

/**
 * Lets the work the bench itself just caused end before it times a first visit: writes the
 * page cache's dirty pages to disk (`sync`), then waits a few seconds (its own garbage
 * collection after generating a 20 MB vault in memory, the server's first scan of it).
 * Otherwise a first visit timed SOMA's login waiting for its fsync behind the bench's
 * 20 MB of notes being written back (POST /api/session 309 ms; 8–18 ms after a `sync`),
 * and the first of three visits had the longest main-thread task while indexing (186,
 * 183, 277 ms, against 0–83 for the next two; 86 after this wait). A user's vault was
 * written long before they log in.
 */
export async function settleBeforeTiming(): Promise<void> {
  execFileSync('sync');
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
}

/** A launched browser is quiet once its processes use less than this much CPU… */
const BROWSER_QUIET_MS = 50;
/** …in a window this long (10% of one core)… */
const BROWSER_WINDOW_MS = 500;
/** …or after this long, quiet or not. */
const BROWSER_SETTLE_MAX_MS = 15_000;

/**
 * Waits, after launching Chromium, until its own start-up work has ended: Chromium
 * 156 pre-renders its address bar's popup (a WebUI page, headless too) in the first
 * second or two, 1.7–1.9 s of CPU (sampled every 500 ms after launch: 930, 760, 190,
 * then 0–50 ms), which a first visit timed at once shared this machine's two cores
 * with. A user's browser started long before they open SOMA. Returns how long it waited.
 */
export async function settleBrowser(): Promise<number> {
  const start = Date.now();
  let last = await processTreeCpuMs(process.pid, 'chromium');
  while (Date.now() - start < BROWSER_SETTLE_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, BROWSER_WINDOW_MS));
    const now = await processTreeCpuMs(process.pid, 'chromium');
    if (now - last < BROWSER_QUIET_MS) break;
    last = now;
  }
  return Date.now() - start;
}
