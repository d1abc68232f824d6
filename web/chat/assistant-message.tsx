import { Match, Show, Switch } from 'solid-js';
import type { TurnRecord } from '../db/records.ts';
import { describeError } from '../i18n/describe-error.ts';
import { useStores } from '../state/use-stores.ts';
import { AnswerBody } from './answer-body.tsx';
import { AnswerDetails } from './answer-details.tsx';
import type { ChatSlots } from './chat-slots.ts';
import { NoProviderReply } from './no-provider.tsx';

/**
 * An answer: its text (plain while streaming), how it ended, what it was built from,
 * and `extras` under it (its proposals).
 */
export function AssistantMessage(props: { turn: TurnRecord; extras: ChatSlots['answerExtras'] }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const streaming = () => props.turn.status === 'streaming';
  const kind = () =>
    props.turn.mode === 'summary'
      ? t('chat.summary')
      : props.turn.mode === 'closing'
        ? t('chat.closing')
        : null;
  return (
    <article
      class="message message-assistant"
      classList={{ 'is-streaming': streaming() }}
      data-testid="message-assistant"
      data-status={props.turn.status}
      aria-label={kind() ?? t('chat.soma')}
    >
      <Show when={kind()}>{(k) => <p class="message-kind">{k()}</p>}</Show>
      <Show
        when={!streaming()}
        fallback={
          <p class="message-text streaming-text">
            {props.turn.content || <span class="muted">{t('chat.waiting')}</span>}
          </p>
        }
      >
        <Show when={props.turn.content !== ''}>
          <AnswerBody markdown={props.turn.content} />
        </Show>
      </Show>
      <Switch>
        <Match when={props.turn.error?.code === 'no_provider'}>
          <NoProviderReply />
        </Match>
        <Match when={props.turn.status === 'cut'}>
          <p class="turn-status notice notice-warning">
            {t('chat.cut')}
            <Show when={props.turn.error}>
              {(e) => ` ${describeError(e(), t, { during: 'answer' })}`}
            </Show>
          </p>
        </Match>
        <Match when={props.turn.status === 'stopped'}>
          <p class="turn-status muted">{t('chat.stopped')}</p>
        </Match>
        <Match when={props.turn.status === 'error' && props.turn.error}>
          {(e) => (
            <p class="turn-status notice notice-error">
              {describeError(e(), t, { during: 'answer' })}
            </p>
          )}
        </Match>
      </Switch>
      <Show when={props.turn.meta}>{(meta) => <AnswerDetails meta={meta()} />}</Show>
      <props.extras turnId={props.turn.id} />
    </article>
  );
}
