import { createSignal, onCleanup, Show } from 'solid-js';
import type { SearchPairBody } from '../../../common/search-pair-schemas.ts';
import { noteName } from '../../../common/wikilinks.ts';
import { addSearchPair } from '../../lib/search-pairs-api.ts';
import { useStores } from '../../state/use-stores.ts';
import { chosenFor, chosenFrom, clearChosen } from './chosen-note.ts';

/**
 * «¿Era esta?»: one light button that, only when pressed, remembers the
 * question and the chosen note on the laptop. With `path` (the note view) it
 * offers for that note; with `from` (the chat, after attaching a suggestion)
 * for the note chosen there, named in the question, until it is unmounted.
 */
export function EraEsta(props: { path: string } | { from: SearchPairBody['from'] }) {
  const t = useStores().i18n.t;
  const [answered, setAnswered] = createSignal<{ path: string; saved: boolean } | null>(null);
  const offer = () => ('path' in props ? chosenFor(props.path) : chosenFrom(props.from));
  const outcome = () => {
    const a = answered();
    return a && (!('path' in props) || a.path === props.path) ? a : null;
  };
  // The chat's offer belongs to the draft: gone with it (sent, or the chat left).
  onCleanup(() => {
    if (!('path' in props) && chosenFrom(props.from)) clearChosen();
  });
  const ask = (pair: SearchPairBody) =>
    'path' in props
      ? t('eraEsta.ask', { query: pair.query })
      : t('eraEsta.askNote', { query: pair.query, note: noteName(pair.path) });
  const confirm = async () => {
    const pair = offer();
    if (!pair) return;
    clearChosen();
    const saved = await addSearchPair(pair).then(
      () => true,
      () => false,
    );
    setAnswered({ path: pair.path, saved });
  };
  return (
    <>
      <Show when={offer()}>
        {(pair) => (
          <p class="era-esta muted" data-testid="era-esta">
            {ask(pair())}{' '}
            <button
              type="button"
              class="button button-small"
              data-testid="era-esta-yes"
              onClick={confirm}
            >
              {t('eraEsta.yes')}
            </button>{' '}
            <button type="button" class="button button-quiet button-small" onClick={clearChosen}>
              {t('eraEsta.no')}
            </button>
          </p>
        )}
      </Show>
      <Show when={outcome()}>
        {(o) => (
          <p class="era-esta muted" role="status" data-testid="era-esta-done">
            {t(o().saved ? 'eraEsta.saved' : 'eraEsta.failed')}
          </p>
        )}
      </Show>
    </>
  );
}
