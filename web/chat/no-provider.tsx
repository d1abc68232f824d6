import { useStores } from '../app/store-context.tsx';

/** Why no answer can come: no provider has its key, and how to fix it. Never a fake answer. */
export function NoProvider() {
  const t = useStores().i18n.t;
  return (
    <div class="notice notice-warning no-provider" role="status" data-testid="no-provider">
      <p>
        <strong>{t('noProvider.title')}</strong>
      </p>
      <p>{t('noProvider.keys')}</p>
      <p>{t('noProvider.local')}</p>
    </div>
  );
}
