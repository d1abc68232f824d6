import { createEffect, createMemo, on, onCleanup } from 'solid-js';
import { useStores } from '../../state/use-stores.ts';
import { preloadRenderer } from '../../vault/note-body.tsx';
import { NoteView } from '../../vault/note-view.tsx';

/** Loads what a note's first view still lacks once this route's code is here: the renderer. */
export const preloadNoteView = preloadRenderer;

/** `#/nota/<path>`: opens the note named by the URL, with a way back to the conversation. */
export function NoteRoute(props: { path: string }) {
  const stores = useStores();
  const vault = stores.vault;
  createEffect(
    on(
      () => props.path,
      (path) => void vault.openNote(path),
    ),
  );
  // Back to the top once the note (or why it cannot be shown) is drawn: scrolling at the click
  // made the browser lay the page out an extra time, before the note had even arrived.
  const drawn = createMemo(() => {
    const note = vault.note();
    return note.status === 'idle' || note.status === 'loading' ? null : note.path;
  });
  createEffect(on(drawn, (path) => path !== null && window.scrollTo({ top: 0 })));
  onCleanup(() => vault.closeNote());
  return (
    <>
      <a class="back-to-chat" href="#/" data-testid="back-to-chat">
        {stores.i18n.t('chat.back')}
      </a>
      <NoteView />
    </>
  );
}
