import { For, Show } from 'solid-js';
import type { EmbedCounters, EmbedStatus } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { describeEmbedProblem } from './describe-embed-problem.ts';
import { EmbedFailing } from './embed-failing.tsx';

const COUNTERS: readonly (keyof EmbedCounters)[] = [
  'requests',
  'notes',
  'chunks',
  'characters',
  'failures',
  'charactersSent',
];

/** What the layer is: the embedder, where it runs, its state and progress, errors (and what to do), counters. */
export function EmbedFacts(props: { status: EmbedStatus }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const number = (n: number) => n.toLocaleString(stores.i18n.locale());
  const s = () => props.status;
  return (
    <>
      <dl class="embed-facts">
        <dt>{t('embed.embedder')}</dt>
        <dd data-testid="embed-model">
          {s().model} · {t(`embed.kind.${s().kind ?? 'test'}`)}
          <Show when={s().dimensions}>{(d) => ` · ${d()} d`}</Show>
        </dd>
        <Show when={s().endpoint}>
          {(endpoint) => (
            <>
              <dt>{t('embed.endpoint')}</dt>
              <dd>
                <code>{endpoint()}</code>
              </dd>
            </>
          )}
        </Show>
        <dd class="embed-more" classList={{ 'embed-away': !s().local }}>
          {t(s().local ? 'embed.local.yes' : 'embed.local.no')}
        </dd>
        <dt>{t('embed.state')}</dt>
        <dd data-testid="embed-state" data-state={s().state}>
          {t(`embed.state.${s().state}`)}
        </dd>
        <dd class="embed-more">
          <progress
            class="embed-progress"
            aria-label={t('embed.state')}
            max={Math.max(1, s().progress.notesTotal)}
            value={s().progress.notesDone}
          />{' '}
          <span data-testid="embed-progress">
            {t('embed.progress', {
              done: number(s().progress.notesDone),
              total: number(s().progress.notesTotal),
              chunks: number(s().progress.chunks),
            })}
          </span>
        </dd>
      </dl>
      <Show when={s().lastError}>
        {(problem) => (
          <p class="embed-error" role="alert" data-testid="embed-error">
            {t('embed.lastError', { text: describeEmbedProblem(problem(), t) })}
          </p>
        )}
      </Show>
      {/* Failing, not paused: right under the error, what still works and what to do. */}
      <Show when={s().state === 'failing'}>
        <EmbedFailing status={s()} />
      </Show>
      <h2>{t('embed.counters')}</h2>
      <dl class="embed-counters" data-testid="embed-counters">
        <For each={COUNTERS}>
          {(key) => (
            <div>
              <dt>{t(`embed.counters.${key}`)}</dt>
              <dd data-testid={`embed-counter-${key}`}>{number(s().counters[key])}</dd>
            </div>
          )}
        </For>
      </dl>
    </>
  );
}
