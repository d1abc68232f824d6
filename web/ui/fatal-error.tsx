import { useStores } from '../state/use-stores.ts';

/** What the ErrorBoundary shows instead of a blank page when rendering throws. */
export function FatalError(props: { error: unknown; reset: () => void }) {
  const t = useStores().i18n.t;
  return (
    <div class="fatal-error" role="alert" data-testid="fatal-error">
      <p>{t('app.crashed')}</p>
      <p class="muted">
        {props.error instanceof Error ? props.error.message : String(props.error)}
      </p>
      <button type="button" class="button" onClick={() => props.reset()}>
        {t('app.reload')}
      </button>
    </div>
  );
}
