import { execFileSync } from 'node:child_process';

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
