import { createSignal, onCleanup, Show } from 'solid-js';
import type { SearchPairs } from '../../../common/search-pair-schemas.ts';
import { eraseModelQualities } from '../../db/search-quality-repo.ts';
import { qualityPart } from '../../i18n/quality-es.ts';
import { eraseSearchPairs, getSearchPairs } from '../../lib/search-pairs-api.ts';
import { useStores } from '../../state/use-stores.ts';
import type { QualityReport } from '../engine/search-quality.ts';
import { type QualityAnswer, watchQuality } from '../worker/search-client.ts';
import { percent, QualityModels } from './quality-models.tsx';
import { QualityQuestions } from './quality-questions.tsx';

/**
 * «¿Era esta?» on the user's own questions: top-5 and MRR for words alone
 * and for words + meaning (named by the embedding model that made the
 * vectors, beside the figures of models used before), each question with
 * where its note came, and, for a miss, the note that came first instead.
 * The figures are computed in the search worker, and again there while the
 * panel is open when the model or the harness changes; the pairs can be
 * exported (a JSON file) or erased here.
 */
export function SearchQualityPanel() {
  const i18n = useStores().i18n;
  const t = i18n.t;
  const worded = i18n.usePart(qualityPart);
  const [pairs, setPairs] = createSignal<SearchPairs | null>(null);
  const [answer, setAnswer] = createSignal<QualityAnswer | null>(null);
  /** The model or the harness changed: the figures shown are being computed again. */
  const [stale, setStale] = createSignal(false);
  const [failed, setFailed] = createSignal(false);
  const [erasing, setErasing] = createSignal(false);
  let unwatch: (() => void) | null = null;
  const stopWatching = () => {
    unwatch?.();
    unwatch = null;
  };
  onCleanup(stopWatching);
  const load = async () => {
    stopWatching();
    setFailed(false);
    try {
      const got = await getSearchPairs();
      setPairs(got);
      setAnswer(null);
      if (got.pairs.length === 0) return;
      unwatch = watchQuality(got.pairs, {
        onAnswer: (a) => {
          setAnswer(a);
          setStale(false);
        },
        onStale: () => setStale(true),
      });
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
    stopWatching();
    // The figures kept per model were computed on the pairs being erased.
    await eraseModelQualities().catch(() => undefined);
    await eraseSearchPairs().then(load, () => setFailed(true));
  };
  const figures = (label: string, r: QualityReport) => (
    <p data-testid="quality-figures">
      {t('quality.figures', { label, top5: percent(r.top5), mrr: r.mrr10.toFixed(2) })}
    </p>
  );
  const meaningLabel = (model: string | null) =>
    model ? t('quality.meaningWith', { model }) : t('quality.meaning');
  // The panel's words load with the search view: drawn once they are here.
  return (
    <Show when={worded()}>
      <details
        class="search-quality"
        data-testid="search-quality"
        onToggle={(e) => (e.currentTarget.open ? void load() : stopWatching())}
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
              <Show when={stale()}>
                <p class="muted" data-testid="quality-stale">
                  {t('quality.recomputing')}
                </p>
              </Show>
              {figures(t('quality.words'), a().words)}
              <Show when={a().meaning} fallback={<p class="muted">{t('quality.noMeaning')}</p>}>
                {(m) => (
                  <>
                    {figures(meaningLabel(a().model), m())}
                    <Show when={a().provisional}>
                      <p class="muted">{t('quality.provisional')}</p>
                    </Show>
                  </>
                )}
              </Show>
              <QualityModels byModel={a().byModel} current={a().meaning ? a().model : null} />
              <QualityQuestions words={a().words} meaning={a().meaning} />
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
    </Show>
  );
}
