import { createEffect, createSignal, For, on, onCleanup, Show } from 'solid-js';
import { noteName } from '../../../common/wikilinks.ts';
import { useStores } from '../../state/use-stores.ts';
import type { QualityReport, QuestionOutcome } from '../engine/search-quality.ts';

/** Questions drawn per task. */
const ROWS_PER_TASK = 100;

/**
 * The user's questions under the «¿Era esta?» figures: for each, where its
 * note came with words alone and with words + meaning, and for a miss the
 * note that came first instead.
 */
export function QualityQuestions(props: { words: QualityReport; meaning: QualityReport | null }) {
  const t = useStores().i18n.t;
  // Hundreds of questions are drawn a batch per task, so the list never holds the page.
  const [drawn, setDrawn] = createSignal(ROWS_PER_TASK);
  let timer: ReturnType<typeof setTimeout> | undefined;
  createEffect(
    on(
      () => props.words.questions,
      (questions) => {
        clearTimeout(timer);
        setDrawn(ROWS_PER_TASK);
        const more = () => {
          if (drawn() >= questions.length) return;
          setDrawn(drawn() + ROWS_PER_TASK);
          timer = setTimeout(more);
        };
        timer = setTimeout(more);
      },
    ),
  );
  onCleanup(() => clearTimeout(timer));
  const shown = () => props.words.questions.slice(0, drawn());
  /** Where the note came and, when it was not first, which note was. */
  const outcome = (o: QuestionOutcome) => (
    <>
      {o.rank > 0 ? t('quality.rank', { rank: o.rank }) : t('quality.missed')}
      <Show when={o.rank !== 1 && o.first}>
        {(first) => <> {t('quality.first', { note: noteName(first()) })}</>}
      </Show>
    </>
  );
  return (
    <ul class="quality-questions">
      <For each={shown()}>
        {(q, i) => {
          // Both reports score the same questions in the same order.
          const fused = () => props.meaning?.questions[i()];
          return (
            <li data-testid="quality-question" data-rank={q.rank} data-meaning-rank={fused()?.rank}>
              «{q.query}» → {q.expected.map(noteName).join(', ')}: {t('quality.words')} {outcome(q)}
              <Show when={fused()}>
                {(m) => (
                  <>
                    {' · '}
                    {t('quality.meaning')} {outcome(m())}
                  </>
                )}
              </Show>
            </li>
          );
        }}
      </For>
    </ul>
  );
}
