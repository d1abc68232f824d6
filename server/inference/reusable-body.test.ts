import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAIN_MS, reusableBody } from './reusable-body.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A body the test feeds by hand; `cancelled` says whether anyone cancelled it. */
function source() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, controller, state };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('server/inference/reusable-body', () => {
  it('passes the bytes through, and cancelling the reader leaves the body for drain', async () => {
    const { body, controller, state } = source();
    const reusable = reusableBody(body);
    controller.enqueue(bytes('data: [DONE]\n\n'));
    const reader = reusable.stream.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: [DONE]\n\n');
    await reader.cancel();
    expect(state.cancelled).toBe(false);
    controller.enqueue(bytes('rest'));
    controller.close();
    const drop = vi.fn();
    await reusable.drain(drop);
    expect(drop).not.toHaveBeenCalled();
  });

  it('drops the connection when the rest of the body does not come', async () => {
    vi.useFakeTimers();
    const { body, controller } = source();
    const reusable = reusableBody(body);
    // As the request's abort does, dropping errors the body, which ends the drain.
    const drop = vi.fn(() => controller.error(new Error('aborted')));
    const drained = reusable.drain(drop);
    await vi.advanceTimersByTimeAsync(DRAIN_MS - 1);
    expect(drop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await drained;
    expect(drop).toHaveBeenCalled();
  });

  it('drops the connection when the body fails while draining', async () => {
    const { body, controller } = source();
    const reusable = reusableBody(body);
    const drop = vi.fn();
    const drained = reusable.drain(drop);
    controller.error(new Error('reset'));
    await drained;
    expect(drop).toHaveBeenCalledOnce();
  });
});
