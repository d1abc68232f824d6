import { For, Show } from 'solid-js';
import { noteName } from '../../../common/wikilinks.ts';
import { useStores } from '../../state/use-stores.ts';
import type { QualityReport, QuestionOutcome } from '../engine/search-quality.ts';

/**
 * The user's questions under the «¿Era esta?» figures: for each, where its
 * note came with words alone and with words + meaning, and for a miss the
 * note that came first instead.
 */
export function QualityQuestions(props: { words: QualityReport; meaning: QualityReport | null }) {
  const t = useStores().i18n.t;
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
      <For each={props.words.questions}>
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
