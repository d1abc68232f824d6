import { For, Show } from 'solid-js';
import type { ModelQuality } from '../../db/search-quality-repo.ts';
import { useStores } from '../../state/use-stores.ts';

/** A ratio as a percentage, rounded. */
export const percent = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The words + meaning figures of the other embedding models the user has
 * used, as last computed with each, so models can be compared.
 */
export function QualityModels(props: { byModel: ModelQuality[]; current: string | null }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const others = () => props.byModel.filter((m) => m.model !== props.current);
  const day = (at: number) =>
    new Intl.DateTimeFormat(stores.i18n.locale(), { dateStyle: 'short' }).format(at);
  return (
    <Show when={others().length > 0}>
      <p class="muted">{t('quality.otherModels')}</p>
      <ul class="quality-models">
        <For each={others()}>
          {(m) => (
            <li data-testid="quality-model">
              {t('quality.modelFigures', {
                model: m.model,
                top5: percent(m.top5),
                mrr: m.mrr10.toFixed(2),
                count: m.count,
                date: day(m.at),
              })}
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
