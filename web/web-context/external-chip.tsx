import { Show } from 'solid-js';
import type { ExternalChipRecord } from '../chat/chat-slots.ts';
import { useStores } from '../state/use-stores.ts';
import { UrlPreview } from './url-preview.tsx';
import { WebPreview } from './web-preview.tsx';
import './web-context.css';

/** A page or a web answer waiting to be sent: a summary to open, preview and trim, or remove. */
export function ExternalChip(props: { chip: ExternalChipRecord }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const page = () => (props.chip.kind === 'url' ? props.chip : null);
  const web = () => (props.chip.kind === 'web' ? props.chip : null);
  const summary = () => {
    const c = props.chip;
    return c.kind === 'url'
      ? t('external.url.summary', { title: c.title || c.url, site: c.site, chars: c.text.length })
      : t('external.web.summary', { question: c.question, count: c.sources.length });
  };
  return (
    <li class="chip chip-external" data-testid="chip" data-kind={props.chip.kind}>
      <details class="external">
        <summary class="chip-label" data-testid="external-summary">
          {summary()}
        </summary>
        <div class="external-body" data-testid="external-body">
          <p class="external-warning">{t('external.warning')}</p>
          <Show when={page()}>{(p) => <UrlPreview chip={p()} />}</Show>
          <Show when={web()}>{(w) => <WebPreview chip={w()} />}</Show>
        </div>
      </details>
      <button
        type="button"
        class="chip-remove"
        aria-label={t('chips.remove', { label: summary() })}
        onClick={() => stores.webContext.remove(props.chip.id)}
      >
        ×
      </button>
    </li>
  );
}
