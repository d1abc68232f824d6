import { Show } from 'solid-js';
import { useStores } from '../store-context.tsx';

/** `#/`: a greeting and a hint to pick a note. */
export function HomeRoute() {
  const stores = useStores();
  const t = stores.i18n.t;
  return (
    <section class="home" data-testid="home">
      <h1>{t('home.title')}</h1>
      <Show when={stores.vault.state.status}>
        {(status) => <p class="muted">{t('home.vault', { name: status().vaultName })}</p>}
      </Show>
      <p>{t('home.hint')}</p>
    </section>
  );
}
