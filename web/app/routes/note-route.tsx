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
  // In the frame that draws it, not at once: a scroll lays the page out on the spot, then
  // again for the frame when anything more changes (the note's parts drawn after it).
  let frame = 0;
  createEffect(
    on(drawn, (path) => {
      cancelAnimationFrame(frame);
      if (path !== null) frame = requestAnimationFrame(() => window.scrollTo({ top: 0 }));
    }),
  );
  onCleanup(() => cancelAnimationFrame(frame));
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
