import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createLater } from './create-later.ts';

/** Resolves once the tasks already queued (the one createLater set) have run. */
const aTaskLater = () => new Promise<void>((resolve) => setTimeout(resolve));

describe('createLater', () => {
  it('is false in the task that created it and true from the next one', async () => {
    const { later, dispose } = createRoot((dispose) => ({ later: createLater(), dispose }));
    expect(later()).toBe(false);
    await aTaskLater();
    expect(later()).toBe(true);
    dispose();
  });

  it('never turns true once its owner is disposed', async () => {
    const { later, dispose } = createRoot((dispose) => ({ later: createLater(), dispose }));
    dispose();
    await aTaskLater();
    expect(later()).toBe(false);
  });
});
