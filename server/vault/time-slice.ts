import { setImmediate } from 'node:timers/promises';

/**
 * Synchronous work done a slice at a time (the vault's file reads: read-regular-file.ts
 * says why they are synchronous): call `pause()` between units of work and it lets the
 * event loop run (requests, timers, the watcher) once `ms` have gone by since the last.
 */
export class TimeSlice {
  private start = performance.now();

  constructor(private readonly ms = 10) {}

  /** Resolves at once within the slice; after it, on the event loop's next turn. */
  async pause(): Promise<void> {
    if (performance.now() - this.start < this.ms) return;
    await setImmediate();
    this.start = performance.now();
  }
}
