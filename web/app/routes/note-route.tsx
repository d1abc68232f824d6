import { createEffect, on, onCleanup } from 'solid-js';
import { NoteView } from '../../vault/note-view.tsx';
import { useStores } from '../store-context.tsx';

/** `#/nota/<path>`: opens the note named by the URL. */
export function NoteRoute(props: { path: string }) {
  const vault = useStores().vault;
  createEffect(
    on(
      () => props.path,
      (path) => {
        vault.openNote(path);
        window.scrollTo({ top: 0 });
      },
    ),
  );
  onCleanup(() => vault.closeNote());
  return <NoteView />;
}
