import { createSignal, Show } from 'solid-js';
import type { SessionInfo } from '../../common/api-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { deviceName } from './device-name.ts';

/**
 * One paired device: its name (which the person may change, since two browsers of one
 * kind read alike), «este dispositivo» on the current one with «Salir», and «Revocar»
 * on the others only where revoking them is allowed (the laptop).
 */
export function DeviceItem(props: {
  session: SessionInfo;
  canRevoke: boolean;
  lastUsed: string;
  onRename: (label: string) => Promise<boolean>;
  onRevoke: () => void;
}) {
  const t = useStores().i18n.t;
  const [editing, setEditing] = createSignal(false);
  const [draft, setDraft] = createSignal('');
  const name = () => deviceName(props.session, t);
  const start = () => {
    setDraft(name());
    setEditing(true);
  };
  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    if (draft().trim() === '' || (await props.onRename(draft().trim()))) setEditing(false);
  };
  return (
    <li class="device" data-testid="device" data-current={props.session.current}>
      <Show
        when={editing()}
        fallback={
          <span class="device-name" data-testid="device-name">
            {name()}
          </span>
        }
      >
        <form class="device-rename" onSubmit={(e) => void save(e)}>
          <input
            class="text-field"
            data-testid="device-name-input"
            aria-label={t('devices.nameLabel')}
            maxLength={60}
            required
            value={draft()}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
          <button type="submit" class="button">
            {t('devices.save')}
          </button>
          <button type="button" class="button button-quiet" onClick={() => setEditing(false)}>
            {t('devices.cancel')}
          </button>
        </form>
      </Show>
      <Show when={props.session.current}>
        <span class="device-current" data-testid="device-current">
          {t('devices.current')}
        </span>
      </Show>
      <span class="muted">{props.lastUsed}</span>
      <span class="device-actions">
        <Show when={!editing()}>
          <button
            type="button"
            class="button button-quiet"
            data-testid="device-rename"
            aria-label={t('devices.renameLabel', { name: name() })}
            onClick={start}
          >
            {t('devices.rename')}
          </button>
        </Show>
        <Show when={props.session.current}>
          <button
            type="button"
            class="button button-quiet"
            data-testid="device-sign-out"
            onClick={() => props.onRevoke()}
          >
            {t('devices.signOut')}
          </button>
        </Show>
        <Show when={!props.session.current && props.canRevoke}>
          <button
            type="button"
            class="button button-danger"
            data-testid="device-revoke"
            aria-label={t('devices.revokeLabel', { name: name() })}
            onClick={() => props.onRevoke()}
          >
            {t('devices.revoke')}
          </button>
        </Show>
      </span>
    </li>
  );
}
