import { describe, expect, it } from 'vitest';
import type { DownloadProgress } from './model-source.ts';
import { createProgressMeter } from './progress-meter.ts';

describe('server/models/progress-meter', () => {
  it('measures the rate over received bytes only, and the time left at that rate', () => {
    let t = 0;
    const events: DownloadProgress[] = [];
    const meter = createProgressMeter(
      10_000,
      (p) => events.push(p),
      () => t,
    );
    meter.skip('a', 4_000); // resumed: on disk, but not a rate
    for (let i = 0; i < 4; i++) {
      t += 500;
      meter.add('a', 500);
    }
    expect(events.at(-1)).toEqual({
      file: 'a',
      totalBytes: 10_000,
      doneBytes: 6_000,
      bytesPerSecond: 1_000,
      secondsLeft: 4,
      phase: 'downloading',
    });
  });

  it('reports at most a few times a second, but always a phase change', () => {
    let t = 0;
    const events: DownloadProgress[] = [];
    const meter = createProgressMeter(
      1_000,
      (p) => events.push(p),
      () => t,
    );
    for (let i = 0; i < 10; i++) {
      t += 10;
      meter.add('a', 100);
    }
    meter.checking('a');
    expect(events.map((e) => e.phase)).toEqual(['downloading', 'checking']);
    expect(events.at(-1)).toMatchObject({ doneBytes: 1_000, secondsLeft: 0 });
  });

  it('forgets bytes older than its window', () => {
    let t = 0;
    const events: DownloadProgress[] = [];
    const meter = createProgressMeter(
      1_000_000,
      (p) => events.push(p),
      () => t,
    );
    meter.add('a', 100_000); // a fast start…
    for (let i = 0; i < 20; i++) {
      t += 1_000;
      meter.add('a', 100); // …then 100 B/s for 20 s
    }
    expect(events.at(-1)?.bytesPerSecond).toBe(100);
  });
});
