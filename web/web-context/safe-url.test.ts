import { describe, expect, it } from 'vitest';
import { httpUrl } from './safe-url.ts';

describe('web/web-context/safe-url', () => {
  it('keeps http(s) links and drops script and data ones', () => {
    expect(httpUrl('https://a.es/x?y=1')).toBe('https://a.es/x?y=1');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('data:text/html,hi')).toBeNull();
    expect(httpUrl('no es una url')).toBeNull();
  });
});
