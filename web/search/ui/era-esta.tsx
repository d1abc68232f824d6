import { createSignal, Show } from 'solid-js';
import { addSearchPair } from '../../lib/search-pairs-api.ts';
import { useStores } from '../../state/use-stores.ts';
import { chosenFor, clearChosen } from './chosen-note.ts';

/**
 * «¿Era esta?» on a note opened from a search: one light button that, only
 * when pressed, remembers the question and this note on the laptop.
 */
export function EraEsta(props: { path: string }) {
  const t = useStores().i18n.t;
  const [answered, setAnswered] = createSignal<{ path: string; saved: boolean } | null>(null);
  const offer = () => chosenFor(props.path);
  const outcome = () => {
    const a = answered();
    return a && a.path === props.path ? a : null;
  };
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
            {t('eraEsta.ask', { query: pair().query })}{' '}
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
