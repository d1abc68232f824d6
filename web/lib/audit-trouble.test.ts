import { describe, expect, it } from 'vitest';
import { auditTrouble } from './audit-trouble.ts';

describe('auditTrouble', () => {
  it('is raised while the log cannot be written', () => {
    expect(auditTrouble({ writable: false })).toBe(true);
  });

  it('stays down when everything is audited or the status is not known yet', () => {
    expect(auditTrouble({ writable: true })).toBe(false);
    expect(auditTrouble(undefined)).toBe(false);
  });
});
