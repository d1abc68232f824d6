import { For, Show } from 'solid-js';
import type { SentItem } from '../../common/chat-schemas.ts';
import type { TurnMeta } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';

/** Exactly what the turn sent: each source, its size, and what was cut to fit. */
export function SentList(props: { meta: TurnMeta }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const n = (value: number) => value.toLocaleString(stores.i18n.locale());
  /**
   * The server's labels of pasted text and history are Spanish, for API users: pasted text
   * is named by its kind alone, history by its count (answers saved before it kept the label).
   * The count is of messages, a question and its answer being two: «turnos» misled.
   */
  const sentLabel = (item: SentItem) => {
    if (item.kind === 'paste') return '';
    if (item.kind !== 'history' || item.count === undefined) return item.label;
    return item.count === 1 ? t('sent.messagesOne') : t('sent.messages', { count: n(item.count) });
  };
  return (
    <ul class="sent-list" data-testid="sent-list">
      <For each={props.meta.sent} fallback={<li class="muted">{t('sent.nothing')}</li>}>
        {(item) => (
          <li>
            <span class="sent-kind">{t(`sent.kind.${item.kind}`)}</span>{' '}
            <span class="sent-label">{sentLabel(item)}</span>{' '}
            <span class="muted">{t('sent.chars', { chars: n(item.chars) })}</span>
            <Show when={item.cutChars > 0}>
              {' '}
              <span class="sent-cut">{t('sent.cut', { chars: n(item.cutChars) })}</span>
            </Show>
          </li>
        )}
      </For>
      <Show when={props.meta.droppedTurns > 0}>
        <li class="sent-cut">{t('sent.droppedMessages', { count: props.meta.droppedTurns })}</li>
      </Show>
    </ul>
  );
}
