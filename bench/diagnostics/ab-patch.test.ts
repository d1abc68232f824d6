import { describe, expect, it } from 'vitest';
import { armOrder, patchedPaths } from './ab-patch.ts';

describe('ab-patch', () => {
  it('runs both arms each round, in the order old-new then new-old', () => {
    expect(armOrder(3).map((a) => `${a.arm}${a.round}`)).toEqual([
      'old1',
      'new1',
      'new2',
      'old2',
      'old3',
      'new3',
    ]);
  });

  it('reads the paths a unified diff changes', () => {
    const diff = [
      'diff --git a/web/search/engine/note-texts.ts b/web/search/engine/note-texts.ts',
      '--- a/web/search/engine/note-texts.ts',
      '+++ b/web/search/engine/note-texts.ts',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      'diff --git a/server/x.ts b/server/x.ts',
      '--- a/server/x.ts',
      '+++ b/server/x.ts',
    ].join('\n');
    expect(patchedPaths(diff)).toEqual(['web/search/engine/note-texts.ts', 'server/x.ts']);
  });
});
