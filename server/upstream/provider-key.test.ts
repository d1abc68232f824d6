import { describe, expect, it } from 'vitest';
import { keyReady, providerKey } from './provider-key.ts';

describe('server/upstream/provider-key', () => {
  it('needs no key when the provider names no variable', () => {
    expect(providerKey({ apiKeyEnv: null }, { GROQ_API_KEY: 'gsk' })).toEqual({ kind: 'none' });
    expect(keyReady({ apiKeyEnv: null }, {})).toBe(true);
  });

  it('reads the named variable, trimmed', () => {
    const env = { GROQ_API_KEY: '  gsk-1 \n' };
    expect(providerKey({ apiKeyEnv: 'GROQ_API_KEY' }, env)).toEqual({ kind: 'set', key: 'gsk-1' });
    expect(keyReady({ apiKeyEnv: 'GROQ_API_KEY' }, env)).toBe(true);
  });

  it('says which variable is missing when it is unset or blank', () => {
    for (const env of [{}, { GROQ_API_KEY: '   ' }]) {
      expect(providerKey({ apiKeyEnv: 'GROQ_API_KEY' }, env)).toEqual({
        kind: 'missing',
        env: 'GROQ_API_KEY',
      });
      expect(keyReady({ apiKeyEnv: 'GROQ_API_KEY' }, env)).toBe(false);
    }
  });
});
