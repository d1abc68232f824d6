import { Show } from 'solid-js';
import { describeError } from '../i18n/describe-error.ts';
import { ApiError } from '../lib/api-error.ts';
import { useStores } from '../state/use-stores.ts';
import { LangSwitch } from '../ui/lang-switch.tsx';

/** The page shown when this browser has no session: how to open SOMA with its start-up link. */
export function LoginRequired() {
  const stores = useStores();
  const t = stores.i18n.t;
  return (
    <main id="main" class="login-required" data-testid="login-required">
      <div class="login-top">
        <h1>{t('login.title')}</h1>
        <LangSwitch />
      </div>
      <Show when={stores.session.loginError()}>
        {(code) => (
          <p class="notice notice-warning" role="alert">
            {code() === 'invalid_token'
              ? t('login.invalidToken')
              : describeError(new ApiError(code(), '', 0), t)}
          </p>
        )}
      </Show>
      <p>{t('login.explain')}</p>
      <p>{t('login.how', { origin: location.origin })}</p>
      <p>{t('login.restart')}</p>
      <button type="button" class="button" onClick={() => void stores.connection.retry()}>
        {t('login.retry')}
      </button>
    </main>
  );
}
