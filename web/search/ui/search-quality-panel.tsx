import { createSignal, For, Show } from 'solid-js';
import type { SearchPairs } from '../../../common/search-pair-schemas.ts';
import { noteName } from '../../../common/wikilinks.ts';
import { eraseSearchPairs, getSearchPairs } from '../../lib/search-pairs-api.ts';
import { useStores } from '../../state/use-stores.ts';
import type { QualityReport } from '../engine/search-quality.ts';
import { type QualityAnswer, qualityInWorker } from '../worker/search-client.ts';

/** A ratio as a percentage, rounded. */
const percent = (x: number) => `${Math.round(x * 100)} %`;

/**
 * «¿Era esta?» on the user's own questions: top-5 and MRR for words alone
 * and for words + meaning, each question with where its note came, and, for
 * a miss, the note that came first instead. The figures are computed in the
 * search worker; the pairs can be exported (a JSON file) or erased here.
 */
export function SearchQualityPanel() {
  const t = useStores().i18n.t;
  const [pairs, setPairs] = createSignal<SearchPairs | null>(null);
  const [answer, setAnswer] = createSignal<QualityAnswer | null>(null);
  const [failed, setFailed] = createSignal(false);
  const [erasing, setErasing] = createSignal(false);
  const load = async () => {
    setFailed(false);
    try {
      const got = await getSearchPairs();
      setPairs(got);
      setAnswer(got.pairs.length > 0 ? await qualityInWorker(got.pairs) : null);
    } catch {
      setFailed(true);
    }
  };
  const exportPairs = () => {
    const blob = new Blob([JSON.stringify(pairs(), null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'soma-era-esta.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const erase = async () => {
    setErasing(false);
    await eraseSearchPairs().then(load, () => setFailed(true));
  };
  const figures = (label: string, r: QualityReport) => (
    <p data-testid="quality-figures">
      {t('quality.figures', { label, top5: percent(r.top5), mrr: r.mrr10.toFixed(2) })}
    </p>
  );
  return (
    <details
      class="search-quality"
      data-testid="search-quality"
      onToggle={(e) => e.currentTarget.open && void load()}
    >
      <summary>{t('quality.title')}</summary>
      <p class="muted">{t('quality.explain')}</p>
      <Show when={failed()}>
        <p class="notice notice-error">{t('quality.failed')}</p>
      </Show>
      <Show when={pairs()?.pairs.length === 0}>
        <p class="muted">{t('quality.none')}</p>
      </Show>
      <Show when={answer()}>
        {(a) => (
          <>
            {figures(t('quality.words'), a().words)}
            <Show when={a().meaning} fallback={<p class="muted">{t('quality.noMeaning')}</p>}>
              {(m) => figures(t('quality.meaning'), m())}
            </Show>
            <ul class="quality-questions">
              <For each={a().words.questions}>
                {(q) => (
                  <li data-testid="quality-question" data-rank={q.rank}>
                    «{q.query}» → {q.expected.map(noteName).join(', ')}:{' '}
                    {q.rank > 0 ? t('quality.rank', { rank: q.rank }) : t('quality.missed')}
                    <Show when={q.rank !== 1 && q.first}>
                      {(first) => <> {t('quality.first', { note: noteName(first()) })}</>}
                    </Show>
                  </li>
                )}
              </For>
            </ul>
          </>
        )}
      </Show>
      <Show when={(pairs()?.pairs.length ?? 0) > 0}>
        <Show
          when={erasing()}
          fallback={
            <p>
              <button type="button" class="button button-quiet" onClick={exportPairs}>
                {t('quality.export')}
              </button>{' '}
              <button
                type="button"
                class="button button-quiet"
                data-testid="quality-erase"
                onClick={() => setErasing(true)}
              >
                {t('quality.erase')}
              </button>
            </p>
          }
        >
          <p role="alert">
            {t('quality.eraseConfirm')}{' '}
            <button
              type="button"
              class="button button-danger"
              data-testid="quality-erase-yes"
              onClick={() => void erase()}
            >
              {t('quality.eraseYes')}
            </button>{' '}
            <button type="button" class="button button-quiet" onClick={() => setErasing(false)}>
              {t('quality.eraseCancel')}
            </button>
          </p>
        </Show>
      </Show>
    </details>
  );
}
