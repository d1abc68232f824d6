import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows max hits per window and refuses the next with a Retry-After', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000, clock: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.hit('a').ok).toBe(true);
    now = 15_500;
    expect(limiter.hit('a')).toEqual({ ok: false, retryAfterSec: 45 });
  });

  it('counts each key on its own', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000, clock: () => 0 });
    expect(limiter.hit('a').ok).toBe(true);
    expect(limiter.hit('b').ok).toBe(true);
    expect(limiter.hit('a').ok).toBe(false);
  });

  it('allows the key again once the window has passed', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 1, windowMs: 1_000, clock: () => now });
    limiter.hit('a');
    expect(limiter.hit('a').ok).toBe(false);
    now = 1_000;
    expect(limiter.hit('a').ok).toBe(true);
  });

  it('drops expired keys so memory stays bounded', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 1, windowMs: 1_000, clock: () => now });
    for (let i = 0; i < 100; i++) limiter.hit(`k${i}`);
    now = 2_000;
    limiter.hit('fresh');
    expect(limiter.size).toBe(1);
  });

  it('never tracks more than maxKeys keys', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000, clock: () => 0, maxKeys: 10 });
    for (let i = 0; i < 100; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBe(10);
  });
});
