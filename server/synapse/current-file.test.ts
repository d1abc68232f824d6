import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './current-file.ts';

describe('unifiedDiff', () => {
  it('is the usual unified diff for a plain path, with or without changes', async () => {
    const cases = [
      ['uno\ndos\n', 'uno\ntres\n'],
      ['', 'nuevo'],
      ['x\n', ''],
      ['igual\n', 'igual\n'],
    ] as const;
    for (const [before, after] of cases) {
      expect(await unifiedDiff('03_Proyectos/a.md', before, after)).toBe(
        createTwoFilesPatch(
          '03_Proyectos/a.md',
          '03_Proyectos/a.md',
          before,
          after,
          'actual',
          'propuesta',
        ),
      );
    }
  });

  it('names a path with accents and spaces as the user wrote it, not as octal escapes', async () => {
    const diff = await unifiedDiff('04_Sueños/Sueño del faro.md', 'a\n', 'b\n');
    expect(diff.split('\n').slice(2, 4)).toEqual([
      '--- 04_Sueños/Sueño del faro.md\tactual',
      '+++ 04_Sueños/Sueño del faro.md\tpropuesta',
    ]);
    expect(diff).not.toContain('\\303');
  });
});
