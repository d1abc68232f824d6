import { For } from 'solid-js';
import { noteName } from '../../common/wikilinks.ts';
import { useStores } from '../app/store-context.tsx';

/** Notes matching what is typed after `/unir`; a click (or Tab) puts the note's path in the box. */
export function NoteSuggestions(props: {
  id: string;
  paths: string[];
  active: number;
  onPick: (path: string) => void;
}) {
  const t = useStores().i18n.t;
  return (
    <div
      id={props.id}
      class="note-suggestions"
      role="listbox"
      aria-label={t('composer.suggestions')}
      data-testid="note-suggestions"
    >
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
  );
}
