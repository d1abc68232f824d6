import { Show } from 'solid-js';
import type { Chip } from '../db/records.ts';
import { useStores } from '../state/use-stores.ts';
import { httpUrl } from './safe-url.ts';

/** A page's Markdown in a box the user trims: only what is left there is sent. */
export function UrlPreview(props: { chip: Extract<Chip, { kind: 'url' }> }) {
  const stores = useStores();
  const t = stores.i18n.t;
  return (
    <>
      <Show when={httpUrl(props.chip.url)}>
        {(href) => (
          <a href={href()} target="_blank" rel="noopener noreferrer" class="external-link">
            {t('external.newTab', { title: props.chip.url })}
          </a>
        )}
      </Show>
      <Show when={props.chip.cut}>
        <p class="notice notice-warning">{t('external.url.cut')}</p>
      </Show>
      <label class="external-trim">
        <span>{t('external.trim')}</span>
        <textarea
          class="external-text"
          data-testid="external-text"
          rows={10}
          value={props.chip.text}
          onInput={(e) => stores.webContext.trim(props.chip.id, e.currentTarget.value)}
        />
      </label>
    </>
  );
}
