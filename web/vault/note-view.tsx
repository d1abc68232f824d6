import { createSignal, lazy, Match, Show, Switch } from 'solid-js';
import { noteName } from '../../common/wikilinks.ts';
import { describeError } from '../i18n/describe-error.ts';
import { EraEsta } from '../search/ui/era-esta.tsx';
import { useStores } from '../state/use-stores.ts';
import { FrontMatter } from './front-matter.tsx';
import { NoteBody, preloadRenderer } from './note-body.tsx';
import { RelatedNotesPanel } from './related-notes-panel.tsx';
import type { NoteState } from './vault-store.ts';

/** SOMA's writes to the note, loaded when the user opens them. */
const NoteHistory = lazy(() =>
  import('../history/note-history.tsx').then((m) => ({ default: m.NoteHistory })),
);

/** The note's history behind a disclosure: nothing is asked for until it is opened. */
function NoteHistoryDisclosure(props: { path: string }) {
  const t = useStores().i18n.t;
  const [open, setOpen] = createSignal(false);
  return (
    <details
      class="note-history-disclosure"
      data-testid="note-history-disclosure"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('history.title')}</summary>
      <Show when={open()}>
        <NoteHistory path={props.path} />
      </Show>
    </details>
  );
}

/** The note state when it has the given status, else null (for `<Match when>`). */
function inStatus<S extends NoteState['status']>(state: NoteState, status: S) {
  return state.status === status ? (state as Extract<NoteState, { status: S }>) : null;
}

/** The open note: title, front matter and body, or why it cannot be shown; then its related notes. */
export function NoteView() {
  const stores = useStores();
  const t = stores.i18n.t;
  const state = () => stores.vault.note();
  // The first note's body would otherwise wait for the renderer's download after its text.
  preloadRenderer();
  return (
    <>
      <article
        class="note-view"
        data-testid="note-view"
        aria-busy={state().status === 'loading' || stores.vault.notePending() !== null}
      >
        <Switch>
          <Match when={state().status === 'loading'}>
            <p class="muted" role="status">
              {t('note.loading')}
            </p>
          </Match>
          <Match when={inStatus(state(), 'ready')?.note}>
            {(note) => (
              // Keyed by path: another note is drawn afresh (its history closed, its parts
              // new); the same note read again is updated in place.
              <Show when={note().path} keyed>
                <header class="note-header">
                  <h1 class="note-title">{note().name}</h1>
                  <p class="note-path muted">{note().path}</p>
                  <EraEsta path={note().path} />
                  <FrontMatter note={note()} />
                </header>
                <NoteBody note={note()} />
                <NoteHistoryDisclosure path={note().path} />
              </Show>
            )}
          </Match>
          <Match when={inStatus(state(), 'gone')}>
            {(gone) => (
              <div class="note-gone" data-testid="note-gone" role="alert">
                <h1 class="note-title">{noteName(gone().path)}</h1>
                <p class="notice notice-warning">{t('note.gone')}</p>
                <p>{t('note.goneHint')}</p>
              </div>
            )}
          </Match>
          <Match when={inStatus(state(), 'error')}>
            {(failed) => (
              <div class="note-error" role="alert">
                <h1 class="note-title">{noteName(failed().path)}</h1>
                <p class="notice notice-error">{describeError(failed().error, t)}</p>
              </div>
            )}
          </Match>
        </Switch>
      </article>
      {/* Beside the note, not in it: the note's own links stay the only ones in the article. */}
      {/* Keyed by path too: the next note's list waits for that note to be painted. */}
      <Show when={inStatus(state(), 'ready')?.note}>
        {(note) => (
          <Show when={note().path} keyed>
            <RelatedNotesPanel note={note()} />
          </Show>
        )}
      </Show>
    </>
  );
}
