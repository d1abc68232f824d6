import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.ts';

describe('server/upstream/retry-after', () => {
  const now = Date.parse('2026-12-05T01:00:00Z');

  it('reads seconds as milliseconds, fractions included', () => {
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter('Sat, 05 Dec 2026 01:00:30 GMT', now)).toBe(30_000);
  });

  it('never answers a negative wait, for a past date or negative seconds', () => {
    expect(parseRetryAfter('Sat, 05 Dec 2026 00:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('-3', now)).toBe(0);
  });

  it('answers null for a missing or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('pronto', now)).toBeNull();
  });
});
