import { createResource, For, Show } from 'solid-js';
import type { Chip } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import { httpUrl } from './safe-url.ts';

/** A web answer, sanitized like any Markdown from outside, and its sources as plain links. */
export function WebPreview(props: { chip: Extract<Chip, { kind: 'web' }> }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const [html] = createResource(
    () => props.chip.text,
    async (markdown) => {
      const { renderMarkdown } = await import('../markdown/render-markdown.ts');
      return renderMarkdown(markdown, [], {
        missingNote: t('note.missingLink'),
        remoteImage: (url) => t('note.remoteImage', { url }),
      });
    },
  );
  return (
    <>
      <Show
        when={html.latest !== undefined}
        fallback={<p class="message-text">{props.chip.text}</p>}
      >
        {/* Sanitized by renderMarkdown (DOMPurify). */}
        <div class="markdown external-answer" innerHTML={html.latest} />
      </Show>
      <h4 class="external-sources-title">{t('external.web.sources')}</h4>
      <ul class="external-sources" data-testid="web-sources">
        <For
          each={props.chip.sources}
          fallback={<li class="muted">{t('external.web.noSources')}</li>}
        >
          {(source) => (
            <li>
              <Show when={httpUrl(source.url)} fallback={<span>{source.title}</span>}>
                {(href) => (
                  <a href={href()} target="_blank" rel="noopener noreferrer" title={href()}>
                    {source.title || href()}
                  </a>
                )}
              </Show>
            </li>
          )}
        </For>
      </ul>
    </>
  );
}
