import { describe, expect, it } from 'vitest';
import { smapsRollupMb } from './process-memory.ts';

const ROLLUP = `5643c15b8000-7ffd15d5e000 ---p 00000000 00:00 0                          [rollup]
Rss:              204800 kB
Pss:              102400 kB
Pss_Dirty:         51200 kB
Pss_Anon:          40960 kB
Shared_Clean:     153600 kB
Private_Clean:     10240 kB
Private_Dirty:     30720 kB
Swap:                  0 kB
`;

describe('smapsRollupMb', () => {
  it('reads the proportional set from the Pss line, not from Pss_Dirty or Pss_Anon', () => {
    expect(smapsRollupMb(ROLLUP).pss).toBe(100);
  });

  it('adds clean and dirty private pages for the unique set', () => {
    expect(smapsRollupMb(ROLLUP).uss).toBe(40);
  });

  it('gives zeros when the kernel shows no such fields', () => {
    expect(smapsRollupMb('Rss: 1024 kB\n')).toEqual({ pss: 0, uss: 0 });
  });
});
