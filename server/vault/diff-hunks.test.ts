import { describe, expect, it } from 'vitest';
import { diffHunks } from './diff-hunks.ts';

describe('diffHunks', () => {
  it('starts at the first hunk, with no Index:, ===, --- or +++ lines', async () => {
    for (const [before, after] of [
      ['uno\ndos\n', 'uno\ntres\n'],
      ['', 'nuevo'],
      ['x\n', ''],
      ['--- a\n', '+++ b\n'],
    ] as const) {
      const diff = await diffHunks(before, after);
      expect(diff).toMatch(/^@@ /);
      expect(diff.split('\n')[0]).not.toMatch(/^(Index:|====|--- |\+\+\+ )/);
    }
  });

  it('marks removed and added lines', async () => {
    expect(await diffHunks('uno\ndos\n', 'uno\ntres\n')).toBe(
      '@@ -1,2 +1,2 @@\n uno\n-dos\n+tres\n',
    );
  });

  it('is empty when both versions are the same', async () => {
    expect(await diffHunks('igual\n', 'igual\n')).toBe('');
  });
});
