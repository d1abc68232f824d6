import { setImmediate } from 'node:timers';
import { describe, expect, it } from 'vitest';
import { TimeSlice } from './time-slice.ts';

describe('TimeSlice', () => {
  it('lets the event loop run once the slice is used up, and not before', async () => {
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    await new TimeSlice(60_000).pause();
    expect(ran).toBe(false);
    await new TimeSlice(0).pause();
    expect(ran).toBe(true);
  });
});
