import { createResource, Show } from 'solid-js';
import { useStores } from '../state/use-stores.ts';

/** Loaded on first use, so marked, DOMPurify and link parsing stay out of the first page. */
const loadRenderer = () =>
  Promise.all([import('../markdown/render-markdown.ts'), import('./answer-links.ts')]);

/** A finished answer's Markdown, sanitized like a note (the model's text is untrusted). */
export function AnswerBody(props: { markdown: string }) {
  const stores = useStores();
  const i18n = stores.i18n;
  const [html] = createResource(
    () => ({ markdown: props.markdown, locale: i18n.locale() }),
    async (source) => {
      const [[{ renderMarkdown }, { resolveLinks }], paths] = await Promise.all([
        loadRenderer(),
        source.markdown.includes('[[') ? stores.chat.notePaths() : Promise.resolve([]),
      ]);
      return renderMarkdown(source.markdown, resolveLinks(source.markdown, paths ?? []), {
        missingNote: i18n.t('note.missingLink'),
        remoteImage: (url) => i18n.t('note.remoteImage', { url }),
      });
    },
  );
  return (
    <Show when={html.latest !== undefined} fallback={<p class="message-text">{props.markdown}</p>}>
      {/* Sanitized by renderMarkdown (DOMPurify) just above. */}
      <div class="markdown message-markdown" innerHTML={html.latest} />
    </Show>
  );
}
