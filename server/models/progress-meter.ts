import type { DownloadProgress } from './model-source.ts';

/** How often may progress be reported? A few times a second is smooth and costs nothing. */
const REPORT_INTERVAL_MS = 250;
/** Over how long is the rate measured? Long enough to smooth bursts, short enough to follow a change. */
const RATE_WINDOW_MS = 5_000;

/** Counts an install's bytes and reports them, throttled, with a rate and the time left. */
export interface ProgressMeter {
  /** Bytes already on disk when a file starts (a resumed `.part`, a file checked earlier). */
  skip(file: string, bytes: number): void;
  /** Bytes that were counted but are thrown away (a server that ignored Range: start over). */
  rewind(bytes: number): void;
  /** Bytes just received. */
  add(file: string, bytes: number): void;
  /** A file is complete and its SHA-256 is being compared. */
  checking(file: string): void;
  /** Reports now, unthrottled (the end). */
  flush(): void;
}

/** A meter for `totalBytes`; `now` is injectable for tests of the rate. */
export function createProgressMeter(
  totalBytes: number,
  onProgress: ((p: DownloadProgress) => void) | undefined,
  now: () => number = () => performance.now(),
): ProgressMeter {
  let done = 0;
  let received = 0;
  let file = '';
  let phase: DownloadProgress['phase'] = 'downloading';
  let lastReport = Number.NEGATIVE_INFINITY;
  // (time, bytes received) samples of the last RATE_WINDOW_MS: resumed bytes are not a rate.
  const samples: Array<[number, number]> = [];

  function report(force: boolean): void {
    const t = now();
    samples.push([t, received]);
    while (samples.length > 2 && t - (samples[1]?.[0] ?? t) >= RATE_WINDOW_MS) samples.shift();
    if (!onProgress || (!force && t - lastReport < REPORT_INTERVAL_MS)) return;
    lastReport = t;
    const [t0, b0] = samples[0] ?? [t, received];
    const seconds = (t - t0) / 1000;
    const bytesPerSecond = seconds > 0 ? Math.round((received - b0) / seconds) : 0;
    const left = totalBytes - done;
    const secondsLeft =
      bytesPerSecond > 0 ? Math.ceil(left / bytesPerSecond) : left === 0 ? 0 : null;
    onProgress({ file, totalBytes, doneBytes: done, bytesPerSecond, secondsLeft, phase });
  }

  return {
    skip(name, bytes) {
      file = name;
      phase = 'downloading';
      done += bytes;
      report(true);
    },
    rewind(bytes) {
      done -= bytes;
      report(true);
    },
    add(name, bytes) {
      file = name;
      phase = 'downloading';
      done += bytes;
      received += bytes;
      report(false);
    },
    checking(name) {
      file = name;
      phase = 'checking';
      report(true);
    },
    flush() {
      report(true);
    },
  };
}
