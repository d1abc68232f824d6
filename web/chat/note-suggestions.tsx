import { For } from 'solid-js';
import { noteName } from '../../common/wikilinks.ts';
import { useStores } from '../state/use-stores.ts';

/**
 * Notes matching what is typed after `/unir`: arrows move, Enter or Tab (or a
 * click) puts the note's path in the box, Escape closes; the hint says so.
 */
export function NoteSuggestions(props: {
  id: string;
  paths: string[];
  active: number;
  onPick: (path: string) => void;
}) {
  const t = useStores().i18n.t;
  return (
    <div class="note-suggestions" data-testid="note-suggestions">
      <div id={props.id} role="listbox" aria-label={t('composer.suggestions')}>
        <For each={props.paths}>
          {(path, i) => (
            <div
              id={`${props.id}-${i()}`}
              role="option"
              tabIndex={-1}
              class="note-suggestion"
              aria-selected={i() === props.active}
              // mousedown, not click: keep the focus in the textarea.
              onMouseDown={(e) => {
                e.preventDefault();
                props.onPick(path);
              }}
            >
              <span>{noteName(path)}</span> <span class="muted">{path}</span>
            </div>
          )}
        </For>
      </div>
      <p class="note-suggestions-hint muted" id={`${props.id}-hint`}>
        {t('composer.suggestionsHint')}
      </p>
    </div>
  );
}
