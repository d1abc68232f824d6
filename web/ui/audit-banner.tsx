import { createEffect, onCleanup, Show } from 'solid-js';
import { AUDIT_TROUBLE_EVENT, auditTrouble } from '../lib/audit-trouble.ts';
import { AUDIT_RECHECK_MS } from '../lib/timing.ts';
import { useStores } from '../state/use-stores.ts';

/**
 * Stays up while the server says the audit log cannot be written (writes are refused
 * meanwhile); re-reads the status until the log is fixed.
 */
export function AuditBanner() {
  const stores = useStores();
  const t = stores.i18n.t;
  const audit = () => stores.vault.state.status?.audit;
  const recheck = () => void stores.vault.refreshStatus();
  window.addEventListener(AUDIT_TROUBLE_EVENT, recheck);
  onCleanup(() => window.removeEventListener(AUDIT_TROUBLE_EVENT, recheck));
  createEffect(() => {
    if (!audit() || audit()?.writable) return;
    const timer = setInterval(recheck, AUDIT_RECHECK_MS);
    onCleanup(() => clearInterval(timer));
  });
  return (
    <Show when={auditTrouble(audit())}>
      <div class="error-banner" role="alert" data-testid="audit-banner">
        <p class="error-banner-text">{t('audit.unwritable')}</p>
      </div>
    </Show>
  );
}
