import { createMemo, createSignal, Match, Switch } from 'solid-js';
import type { Note } from '../../common/api-schemas.ts';
import { useStores } from '../state/use-stores.ts';

type Renderer = typeof import('../markdown/render-markdown.ts');

/** The renderer once loaded: from then on a note's body is drawn with its header, in one frame. */
let renderer: Renderer | null = null;

/** Loaded on first use, so marked and DOMPurify stay out of the first page's JavaScript. */
const loadRenderer = () =>
  import('../markdown/render-markdown.ts').then((m) => {
    renderer = m;
    return m;
  });

/** Starts loading the renderer while the note's text is still on its way. */
export function preloadRenderer(): void {
  loadRenderer().catch(() => undefined);
}

/**
 * The note's body, rendered from Markdown and sanitized before it touches the page. Once
 * the renderer is loaded it renders in the same update as the note's header (an awaited
 * import would put the body a frame or two later, however loaded the module).
 */
export function NoteBody(props: { note: Note }) {
  const i18n = useStores().i18n;
  const [loaded, setLoaded] = createSignal<Renderer | null>(renderer);
  const [loadFailed, setLoadFailed] = createSignal(false);
  if (!renderer) {
    loadRenderer().then(
      (m) => setLoaded(() => m),
      () => setLoadFailed(true),
    );
  }
  /** The sanitized HTML; null while the renderer loads; false when it failed. */
  const html = createMemo((): string | null | false => {
    const r = loaded();
    if (!r) return loadFailed() ? false : null;
    try {
      return r.renderMarkdown(props.note.body, props.note.links, {
        missingNote: i18n.t('note.missingLink'),
        remoteImage: (url) => i18n.t('note.remoteImage', { url }),
      });
    } catch {
      return false;
    }
  });
  return (
    <Switch fallback={<p class="muted">{i18n.t('note.loading')}</p>}>
      <Match when={html() === false}>
        <p class="notice notice-error" role="alert">
          {i18n.t('note.renderFailed')}
        </p>
      </Match>
      <Match when={typeof html() === 'string'}>
        {/* Sanitized by renderMarkdown (DOMPurify) just above. */}
        <div class="markdown" innerHTML={html() || ''} />
      </Match>
    </Switch>
  );
}
