import { For, Show } from 'solid-js';
import type { Cores, EmbedStatus } from '../../common/embedding-schemas.ts';
import { useStores } from '../state/use-stores.ts';

const CHOICES: readonly { cores: Cores; key: 'embed.budget.one' | 'embed.budget.two' }[] = [
  { cores: 1, key: 'embed.budget.one' },
  { cores: 2, key: 'embed.budget.two' },
];

/** The CPU budget of an in-process model: one core (the other for browser and chat) or two. */
export function EmbedBudget(props: { status: EmbedStatus }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const budget = () => props.status.budget;
  return (
    <section class="embed-budget" data-testid="embed-budget">
      <h2>{t('embed.budget.title')}</h2>
      <Show when={props.status.laptop} fallback={<p class="muted">{t('embed.model.phone')}</p>}>
        <p class="muted">
          {t('embed.budget.help', { cores: budget().cores, max: budget().maxCores })}
        </p>
        <div class="panel-actions">
          <For each={CHOICES}>
            {(choice) => (
              <button
                type="button"
                class="button"
                classList={{ 'button-quiet': budget().cores !== choice.cores }}
                data-testid={`embed-budget-${choice.cores}`}
                aria-pressed={budget().cores === choice.cores}
                disabled={stores.embeddings.busy()}
                onClick={() => void stores.embeddings.setBudget(choice.cores)}
              >
                {t(choice.key)}
              </button>
            )}
          </For>
        </div>
      </Show>
    </section>
  );
}
