import { Show } from 'solid-js';
import { revealInvisible, splitAround } from './reveal-invisible.ts';

/**
 * A sentence with a path (or link) in it, as a card shows it: the value isolated in a
 * `<bdi>` so right-to-left text cannot reorder the sentence around it, and its
 * invisible characters spelled out (`⟨U+202E⟩`). `fill` is the translation with the
 * value put in, e.g. `(v) => t('proposal.appendTo', { path: v })`.
 */
export function PathText(props: { value: string; fill?: (value: string) => string }) {
  const parts = () => (props.fill ? splitAround(props.fill) : { before: '', after: '' });
  const shown = () => revealInvisible(props.value);
  return (
    <Show when={parts()} fallback={props.fill?.(shown())}>
      {(p) => (
        <>
          {p().before}
          <bdi class="path-text" dir="auto">
            {shown()}
          </bdi>
          {p().after}
        </>
      )}
    </Show>
  );
}
