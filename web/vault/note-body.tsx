import { createResource, Match, Switch } from 'solid-js';
import type { Note } from '../../common/api-schemas.ts';
import { useStores } from '../state/use-stores.ts';

/** Loaded on first use, so marked and DOMPurify stay out of the first page's JavaScript. */
const loadRenderer = () => import('../markdown/render-markdown.ts');

/** Starts loading the renderer while the note's text is still on its way. */
export function preloadRenderer(): void {
  loadRenderer().catch(() => undefined);
}

/** The note's body, rendered from Markdown and sanitized before it touches the page. */
export function NoteBody(props: { note: Note }) {
  const i18n = useStores().i18n;
  const [html] = createResource(
    () => ({ note: props.note, locale: i18n.locale() }),
    async (source) => {
      const { renderMarkdown } = await loadRenderer();
      return renderMarkdown(source.note.body, source.note.links, {
        missingNote: i18n.t('note.missingLink'),
        remoteImage: (url) => i18n.t('note.remoteImage', { url }),
      });
    },
  );
  return (
    <Switch fallback={<p class="muted">{i18n.t('note.loading')}</p>}>
      <Match when={html.error}>
        <p class="notice notice-error" role="alert">
          {i18n.t('note.renderFailed')}
        </p>
      </Match>
      <Match when={html.latest !== undefined}>
        {/* Sanitized by renderMarkdown (DOMPurify) just above. */}
        <div class="markdown" innerHTML={html.latest} />
      </Match>
    </Switch>
  );
}
