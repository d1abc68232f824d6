import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { createConnectionStore } from './connection-store.ts';

const noAnswer = () => new ApiError('network', 'Failed to fetch', 0);

/** A store whose server answers while `answers.up` is true; counts the reloads. */
function setup() {
  const answers = { up: true };
  const retryAll = vi.fn(async () => undefined);
  const ping = vi.fn(async () => {
    if (!answers.up) throw noAnswer();
  });
  return { store: createConnectionStore(retryAll, ping), answers, retryAll, ping };
}

describe('web/app/connection-store', () => {
  it('is offline only when the server does not answer, whatever the browser thinks', async () => {
    const { store, answers } = setup();
    // The browser said `offline` (no network interface), but the server on loopback answers.
    await store.check();
    expect(store.serverDown()).toBe(false);
    answers.up = false;
    await store.check();
    expect(store.serverDown()).toBe(true);
    store.dismiss();
  });

  it('loads everything again once a check finds the server back', async () => {
    const { store, answers, retryAll } = setup();
    store.report(noAnswer());
    expect(store.serverDown()).toBe(true);
    answers.up = false;
    await store.check();
    expect(retryAll).not.toHaveBeenCalled();
    answers.up = true;
    await store.check();
    expect(retryAll).toHaveBeenCalledTimes(1);
    expect(store.serverDown()).toBe(false);
  });

  it('keeps a problem that is not a missing server apart from being offline', async () => {
    const { store, retryAll } = setup();
    store.report(new ApiError('internal', 'HTTP 500', 500));
    expect(store.serverDown()).toBe(false);
    await store.check();
    expect(retryAll).not.toHaveBeenCalled();
    expect(store.error()).toBeInstanceOf(ApiError);
  });
});
