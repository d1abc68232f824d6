import { createResource, createSignal, Show } from 'solid-js';
import { EraEsta } from '../search/ui/era-esta.tsx';
import { useStores } from '../state/use-stores.ts';
import { AttachFileButton } from './attach-file-button.tsx';
import { DraftSuggestionList } from './draft-suggestion-list.tsx';
import { createDraftSuggestions } from './draft-suggestions.ts';
import { completeUnir, noteSuggestions, unirFragment } from './note-names.ts';
import { NoteSuggestions } from './note-suggestions.tsx';
import { suggestionIndex } from './pick-suggestions.ts';
import { SuggestToggle } from './suggest-toggle.tsx';

const SUGGESTIONS_ID = 'note-suggestions';

/**
 * The chat box: Enter sends, Shift+Enter is a new line; `/unir ` offers note
 * names (arrows and Enter pick one, Escape closes the list); notes related to
 * the draft are offered below it (Alt+1…5 attaches one).
 */
export function Composer() {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  const [active, setActive] = createSignal(0);
  /** The fragment whose list Escape closed; typing more opens it again. */
  const [closedFor, setClosedFor] = createSignal<string | null>(null);
  const related = createDraftSuggestions(chat, stores.preferences.suggestNotes);
  const fragment = () => unirFragment(chat.state.text)?.fragment ?? null;
  const [paths] = createResource(
    () => fragment() !== null || undefined,
    () => chat.notePaths(),
  );
  const suggestions = () => {
    const f = fragment();
    return f && f !== closedFor() ? noteSuggestions(f, paths.latest ?? []) : [];
  };
  let area: HTMLTextAreaElement | undefined;
  const pick = (path: string) => {
    chat.setText(completeUnir(chat.state.text, path));
    setActive(0);
    area?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const list = suggestions();
    const relatedPick = suggestionIndex(event, related.shown().length);
    if (list.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : list.length - 1;
      setActive((i) => (i + step) % list.length);
    } else if (
      list.length > 0 &&
      ((event.key === 'Tab' && !event.shiftKey) ||
        (event.key === 'Enter' && !event.shiftKey && !event.isComposing))
    ) {
      event.preventDefault();
      pick(list[active()] ?? list[0] ?? '');
    } else if (list.length > 0 && event.key === 'Escape') {
      event.preventDefault();
      setClosedFor(fragment());
      setActive(0);
    } else if (relatedPick !== null) {
      event.preventDefault();
      related.attach(relatedPick);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void chat.submit();
    }
  };
  return (
    <div class="composer">
      <Show when={suggestions().length > 0}>
        <NoteSuggestions
          id={SUGGESTIONS_ID}
          paths={suggestions()}
          active={active()}
          onPick={pick}
        />
      </Show>
      <label class="visually-hidden" for="composer-text">
        {t('composer.label')}
      </label>
      <textarea
        id="composer-text"
        ref={area}
        class="composer-text"
        data-testid="composer"
        rows={2}
        placeholder={t('composer.placeholder')}
        value={chat.state.text}
        // Until the conversation is loaded its saved draft would overwrite what is typed.
        disabled={!chat.state.conversation}
        aria-autocomplete="list"
        aria-controls={suggestions().length > 0 ? SUGGESTIONS_ID : undefined}
        aria-activedescendant={
          suggestions().length > 0 ? `${SUGGESTIONS_ID}-${active()}` : undefined
        }
        aria-describedby={suggestions().length > 0 ? `${SUGGESTIONS_ID}-hint` : undefined}
        onInput={(e) => chat.setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <DraftSuggestionList suggestions={related} />
      {/* Shown with the draft's attachments: sending them ends the offer. */}
      <Show when={chat.state.chips.length > 0}>
        <EraEsta from="suggest" />
      </Show>
      <div class="composer-actions">
        <SuggestToggle />
        <AttachFileButton />
        <Show
          when={chat.state.streaming}
          fallback={
            <button
              type="button"
              class="button"
              data-testid="send"
              disabled={!chat.state.conversation}
              onClick={() => void chat.submit()}
            >
              {t('composer.send')}
            </button>
          }
        >
          <button
            type="button"
            class="button button-danger"
            data-testid="stop"
            onClick={() => chat.stop()}
          >
            {t('composer.stop')}
          </button>
        </Show>
      </div>
    </div>
  );
}
