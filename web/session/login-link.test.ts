import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLoginToken, takeLoginToken } from './login-link.ts';

/** A page address whose hash the test moves, and history.replaceState writing it. */
function address(hash: string) {
  const loc = { pathname: '/', search: '', hash };
  vi.stubGlobal('location', loc);
  vi.stubGlobal('history', {
    state: null,
    replaceState: (_s: unknown, _t: string, url: string) => {
      loc.hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
    },
  });
  return loc;
}

afterEach(() => {
  address('');
  takeLoginToken(); // nothing kept for the next test
  vi.unstubAllGlobals();
});

describe('login link', () => {
  it('keeps the token at boot and takes it out of the address bar', () => {
    const loc = address('#login=abc123');
    keepLoginToken();
    expect(loc.hash).toBe('');
    // Another route opened before the app's modules loaded: the pairing still happens.
    loc.hash = '#/dispositivos';
    expect(takeLoginToken()).toBe('abc123');
    expect(takeLoginToken()).toBeNull();
    expect(loc.hash).toBe('#/dispositivos');
  });

  it('takes a link pasted into an open tab from the address bar', () => {
    const loc = address('#login=xyz');
    expect(takeLoginToken()).toBe('xyz');
    expect(loc.hash).toBe('');
  });

  it('leaves other hashes alone', () => {
    const loc = address('#/nota/login=abc.md');
    keepLoginToken();
    expect(takeLoginToken()).toBeNull();
    expect(loc.hash).toBe('#/nota/login=abc.md');
  });
});
