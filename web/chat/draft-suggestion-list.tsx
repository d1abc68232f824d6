import { For, Show } from 'solid-js';
import { pieces } from '../search/ui/highlighted-snippet.tsx';
import { useStores } from '../state/use-stores.ts';
import type { DraftSuggestions } from './draft-suggestions.ts';

/** Related notes under the composer: each a button (or Alt+number) that attaches it. */
export function DraftSuggestionList(props: { suggestions: DraftSuggestions }) {
  const t = useStores().i18n.t;
  return (
    <Show when={props.suggestions.shown().length > 0}>
      <section
        class="draft-suggestions"
        data-testid="draft-suggestions"
        aria-label={t('suggest.title')}
      >
        <p class="draft-suggestions-hint muted" id="draft-suggestions-hint">
          {t('suggest.hint')}
        </p>
        <ul class="draft-suggestion-list">
          <For each={props.suggestions.shown()}>
            {(hit, i) => (
              <li>
                <button
                  type="button"
                  class="draft-suggestion"
                  data-testid="draft-suggestion"
                  aria-keyshortcuts={`Alt+${i() + 1}`}
                  aria-describedby="draft-suggestions-hint"
                  title={t('suggest.attach', { title: hit.title })}
                  onClick={() => props.suggestions.attach(i())}
                >
                  <kbd class="draft-suggestion-key">{i() + 1}</kbd>
                  <span class="hit-title">{hit.title}</span>{' '}
                  <span class="muted hit-path">{hit.folder}</span>
                  {/* A span, not HighlightedSnippet's <p>: a button holds phrasing content only. */}
                  <span class="hit-snippet">
                    <For each={pieces(hit.snippet, hit.marks)}>
                      {(piece) => (piece.marked ? <mark>{piece.text}</mark> : piece.text)}
                    </For>
                  </span>
                </button>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
