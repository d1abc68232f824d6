import { createResource, For } from 'solid-js';
import type { SessionInfo } from '../../common/api-schemas.ts';
import { getSessions, renameSession, revokeSession } from '../pairing/pairing-api.ts';
import { EMBEDDINGS_HASH } from '../router/route.ts';
import { useStores } from '../state/use-stores.ts';
import { DeviceItem } from './device-item.tsx';
import { LanPanel } from './lan-panel.tsx';

/** `#/dispositivos`: paired browsers and phones with their last use, named and revocable. */
export default function DevicesView() {
  const stores = useStores();
  const t = stores.i18n.t;
  const [sessions, { refetch }] = createResource(() =>
    getSessions().catch((error: unknown) => {
      stores.connection.report(error);
      return { sessions: [] as SessionInfo[], canRevokeOthers: false };
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
  const rename = async (s: SessionInfo, label: string) => {
    try {
      await renameSession(s.id, label);
      void refetch();
      return true;
    } catch (error) {
      stores.connection.report(error);
      return false;
    }
  };
  return (
    <div class="devices-view" data-testid="devices-view">
      <h1>{t('devices.title')}</h1>
      <ul class="device-list">
        <For each={sessions()?.sessions ?? []}>
          {(s) => (
            <DeviceItem
              session={s}
              canRevoke={sessions()?.canRevokeOthers === true}
              lastUsed={t('devices.lastUsed', { when: when(s.lastUsedAt) })}
              onRename={(label) => rename(s, label)}
              onRevoke={() => void revoke(s)}
            />
          )}
        </For>
      </ul>
      <LanPanel onPaired={() => void refetch()} />
      <p>
        <a href={EMBEDDINGS_HASH} data-testid="embed-link">
          {t('embed.link')}
        </a>
      </p>
    </div>
  );
}
