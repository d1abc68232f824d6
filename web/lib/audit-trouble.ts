import type { AuditStatus } from '../../common/api-schemas.ts';

/**
 * Fired on `window` when a write met a broken audit log, so the audit banner re-reads the
 * status. Its own module: the banner is on the first page, the proposals API is not.
 */
export const AUDIT_TROUBLE_EVENT = 'soma:audit-trouble';

/** True when approved writes cannot be audited (confirm then refuses them). */
export function auditTrouble(audit: AuditStatus | undefined): boolean {
  return audit !== undefined && !audit.writable;
}
