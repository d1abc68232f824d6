import { execFileSync } from 'node:child_process';

/**
 * Writes the page cache's dirty pages to disk (`sync`), after the bench has written a
 * vault of its own and before it times anything. Otherwise a first visit timed SOMA's
 * login waiting for its one fsync (sessions.json) behind the bench's 20 MB of notes
 * being written back: POST /api/session took 309 ms, 8–18 ms after a `sync`. A user's
 * vault was written long before they log in.
 */
export function settleDisk(): void {
  execFileSync('sync');
}
