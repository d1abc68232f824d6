import { describe, expect, it } from 'vitest';
import { diffLines } from './diff-lines.ts';

describe('web/ui/diff-lines', () => {
  it('classifies headers, hunks, additions, removals and context', () => {
    const unified = [
      'Index: a.md',
      '===================================================================',
      '--- a.md',
      '+++ a.md',
      '@@ -1,2 +1,2 @@',
      ' igual',
      '-viejo',
      '--- una línea que empieza por guiones',
      '+nuevo',
      '\\ No newline at end of file',
      '',
    ].join('\n');
    expect(diffLines(unified).map((l) => l.kind)).toEqual([
      'meta',
      'meta',
      'meta',
      'meta',
      'hunk',
      'same',
      'del',
      'del',
      'add',
      'meta',
    ]);
  });

  it('keeps markup as text', () => {
    expect(diffLines('@@ -1 +1 @@\n+<img src=x onerror=alert(1)>')[1]).toEqual({
      kind: 'add',
      text: '+<img src=x onerror=alert(1)>',
    });
  });
});
