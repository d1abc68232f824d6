import { Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';

/** Whether the chat context says no provider has its key (undefined until it loads). */
export function useNoProvider(): () => boolean {
  const chat = useStores().chat;
  return () => {
    const providers = chat.state.context?.providers;
    return providers !== undefined && !providers.some((p) => p.configured);
  };
}

/**
 * Why no answer can come: no provider has its key, and how to fix it (keys, a local
 * server in the harness file, or the demo server). Never a fake answer.
 */
export function NoProvider() {
  const stores = useStores();
  const t = stores.i18n.t;
  const file = () => stores.vault.state.status?.harness.file ?? 'harness/soma.json';
  return (
    <div class="notice notice-warning no-provider" role="status" data-testid="no-provider">
      <p>
        <strong>{t('noProvider.title')}</strong>
      </p>
      <p>{t('noProvider.keys')}</p>
      <p>{t('noProvider.local', { file: file() })}</p>
      <p>{t('noProvider.demo')}</p>
    </div>
  );
}

/** A turn refused for want of a provider: one line when the banner above already explains. */
export function NoProviderReply() {
  const stores = useStores();
  const banner = useNoProvider();
  return (
    <Show when={banner()} fallback={<NoProvider />}>
      <p class="turn-status notice notice-warning" data-testid="no-provider-reply">
        {stores.i18n.t('noProvider.reply')}
      </p>
    </Show>
  );
}
