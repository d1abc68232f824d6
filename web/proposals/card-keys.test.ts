import { describe, expect, it } from 'vitest';
import { keyChoice, keyDecision, shouldTakeFocus } from './card-keys.ts';

describe('web/proposals/card-keys', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
    keyDecision({ key: k, altKey: false, ctrlKey: false, metaKey: false, ...mods });

  it('reads S, Y and Enter as yes and N as no, in either case', () => {
    expect(['s', 'S', 'y', 'Enter'].map((k) => key(k))).toEqual(['yes', 'yes', 'yes', 'yes']);
    expect([key('n'), key('N')]).toEqual(['no', 'no']);
  });

  it('ignores other keys, shortcuts and keys composing an accent', () => {
    expect(key('x')).toBeNull();
    expect(key('s', { ctrlKey: true })).toBeNull();
    expect(key('n', { isComposing: true })).toBeNull();
  });

  it('approves with S and rejects with N on any card, but never overwrites or approves a blocked one', () => {
    const plain = { overwrite: false, blocked: false };
    expect(keyChoice('yes', plain)).toBe('approve');
    expect(keyChoice('no', plain)).toBe('reject');
    expect(keyChoice('yes', { overwrite: true, blocked: false })).toBeNull();
    expect(keyChoice('yes', { overwrite: false, blocked: true })).toBeNull();
    expect(keyChoice('no', { overwrite: true, blocked: true })).toBe('reject');
  });

  it('takes the focus only when nobody is typing or working elsewhere', () => {
    expect(shouldTakeFocus({ active: 'composer', composerText: '' })).toBe(true);
    expect(shouldTakeFocus({ active: 'none', composerText: ' ' })).toBe(true);
    expect(shouldTakeFocus({ active: 'composer', composerText: 'Sí, y' })).toBe(false);
    expect(shouldTakeFocus({ active: 'other', composerText: '' })).toBe(false);
  });
});
