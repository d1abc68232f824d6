import { AuditView } from '../../proposals/audit-view.tsx';

/** `#/auditoria`: every write SOMA made (a lazy chunk: the first page does not load it). */
export function AuditRoute() {
  return <AuditView />;
}
