import { createResource, For, Show } from 'solid-js';
import type { SessionInfo } from '../../common/api-schemas.ts';
import { useStores } from '../app/store-context.tsx';
import { getSessions, revokeSession } from '../pairing/pairing-api.ts';
import { LanPanel } from './lan-panel.tsx';

/** `#/dispositivos`: paired browsers and phones with their last use, each revocable. */
export default function DevicesView() {
  const stores = useStores();
  const t = stores.i18n.t;
  const [sessions, { refetch }] = createResource(() =>
    getSessions().catch((error: unknown) => {
      stores.connection.report(error);
      return [] as SessionInfo[];
    }),
  );
  const when = (ms: number) =>
    new Date(ms).toLocaleString(stores.i18n.locale(), { dateStyle: 'medium', timeStyle: 'short' });
  const revoke = async (s: SessionInfo) => {
    try {
      await revokeSession(s.id);
    } catch (error) {
      stores.connection.report(error);
    }
    if (s.current) stores.session.signOut();
    else void refetch();
  };
  return (
    <div class="devices-view" data-testid="devices-view">
      <h1>{t('devices.title')}</h1>
      <ul class="device-list">
        <For each={sessions() ?? []}>
          {(s) => (
            <li class="device" data-testid="device">
              <span class="device-name">
                {s.label} <Show when={s.current}>{t('devices.current')}</Show>
              </span>
              <span class="muted">{t('devices.lastUsed', { when: when(s.lastUsedAt) })}</span>
              <button
                type="button"
                class="button button-danger"
                aria-label={t('devices.revokeLabel', { name: s.label })}
                onClick={() => void revoke(s)}
              >
                {t('devices.revoke')}
              </button>
            </li>
          )}
        </For>
      </ul>
      <LanPanel />
    </div>
  );
}
