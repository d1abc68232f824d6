import { createResource, Show } from 'solid-js';
import type { Note } from '../../common/api-schemas.ts';
import { useStores } from '../state/use-stores.ts';

/**
 * A saved note's body, rendered and sanitized like vault/note-body.tsx. Its own small
 * copy: importing that component from this lazy screen made the bundler split the
 * first page into several files, over the JavaScript budget.
 */
export function SavedNoteBody(props: { note: Note }) {
  const i18n = useStores().i18n;
  const [html] = createResource(
    () => props.note,
    async (note) => {
      const { renderMarkdown } = await import('../markdown/render-markdown.ts');
      return renderMarkdown(note.body, note.links, {
        missingNote: i18n.t('note.missingLink'),
        remoteImage: (url) => i18n.t('note.remoteImage', { url }),
      });
    },
  );
  return (
    <Show when={html.latest !== undefined} fallback={<p class="muted">{i18n.t('note.loading')}</p>}>
      {/* Sanitized by renderMarkdown (DOMPurify) just above. */}
      <div class="markdown" innerHTML={html.latest} />
    </Show>
  );
}
