import { For, Show } from 'solid-js';
import type { TurnMeta } from '../db/records.ts';
import { describeFailure, describeNotice } from '../i18n/describe-notice.ts';
import { useStores } from '../state/use-stores.ts';
import { RequestParts } from '../ui/request-parts.tsx';
import { SentList } from './sent-list.tsx';

/** One compact line under an answer (who answered, how fast, tokens) and what was sent. */
export function AnswerDetails(props: { meta: TurnMeta }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const label = (id: string) =>
    stores.chat.state.context?.providers.find((p) => p.id === id)?.label ?? id;
  const seconds = (ms: number) =>
    (ms / 1000).toLocaleString(stores.i18n.locale(), { maximumFractionDigits: 1 });
  return (
    <div class="answer-details" data-testid="answer-details">
      <p class="details-line">
        <span>{`${label(props.meta.provider)} · ${props.meta.model}`}</span>
        <Show when={props.meta.ttftMs !== null}>
          <span>{t('details.ttft', { s: seconds(props.meta.ttftMs ?? 0) })}</span>
        </Show>
        <Show when={props.meta.usage}>
          {(usage) => (
            <span>
              {t('details.tokens', { in: usage().promptTokens, out: usage().completionTokens })}
            </span>
          )}
        </Show>
      </p>
      <For each={props.meta.fallbacks}>
        {(f) => (
          <p
            class="details-fallback"
            title={f.failure ? describeFailure(f.failure, t) : f.message}
            data-testid="fallback"
          >
            {t('details.fallback', {
              from: label(f.from.provider),
              reason: t(reasonKey(f.reason)),
              to: `${label(f.to.provider)} (${f.to.model})`,
            })}
          </p>
        )}
      </For>
      <For each={props.meta.notices}>
        {(notice) => <p class="details-notice">{describeNotice(notice, t)}</p>}
      </For>
      <details class="sent-details">
        <summary>
          {t('details.sent', { count: props.meta.parts?.length ?? props.meta.sent.length })}
        </summary>
        <Show when={props.meta.parts}>
          {(parts) => <RequestParts parts={parts()} contextTokens={props.meta.contextTokens} />}
        </Show>
        <SentList meta={props.meta} />
      </details>
    </div>
  );
}

const REASONS = [
  'rate_limited',
  'upstream_error',
  'timeout',
  'connection',
  'bad_response',
  'no_key',
] as const;

function reasonKey(reason: string) {
  const known = (REASONS as readonly string[]).includes(reason) ? reason : 'other';
  return `reason.${known}` as `reason.${(typeof REASONS)[number] | 'other'}`;
}
