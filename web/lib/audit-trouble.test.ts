import { describe, expect, it } from 'vitest';
import { auditTrouble } from './audit-trouble.ts';

describe('auditTrouble', () => {
  it('is raised while the log cannot be written or after a write went unaudited', () => {
    expect(auditTrouble({ writable: false, unaudited: 0 })).toBe(true);
    expect(auditTrouble({ writable: true, unaudited: 2 })).toBe(true);
  });

  it('stays down when everything is audited or the status is not known yet', () => {
    expect(auditTrouble({ writable: true, unaudited: 0 })).toBe(false);
    expect(auditTrouble(undefined)).toBe(false);
  });
});
