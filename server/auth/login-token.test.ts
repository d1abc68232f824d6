import { describe, expect, it } from 'vitest';
import { LoginTokens } from './login-token.ts';

describe('LoginTokens', () => {
  it('issues a 32-byte base64url token', () => {
    const token = new LoginTokens().issue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the issued token only once', () => {
    const tokens = new LoginTokens();
    const token = tokens.issue();
    expect(tokens.consume(token)).toBe(true);
    expect(tokens.consume(token)).toBe(false);
  });

  it('refuses a wrong token and still accepts the right one afterwards', () => {
    const tokens = new LoginTokens();
    const token = tokens.issue();
    expect(tokens.consume(`${token}x`)).toBe(false);
    expect(tokens.consume('')).toBe(false);
    expect(tokens.consume(token)).toBe(true);
  });

  it('refuses everything before a token is issued', () => {
    expect(new LoginTokens().consume('anything')).toBe(false);
  });

  it('invalidates the previous token when a new one is issued', () => {
    const tokens = new LoginTokens();
    const first = tokens.issue();
    const second = tokens.issue();
    expect(tokens.consume(first)).toBe(false);
    expect(tokens.consume(second)).toBe(true);
  });

  it('refuses a token past its expiry', () => {
    let now = 1_000;
    const tokens = new LoginTokens({ ttlMs: 60_000, clock: () => now });
    const token = tokens.issue();
    now += 60_000;
    expect(tokens.consume(token)).toBe(false);
  });
});
