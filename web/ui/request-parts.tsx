import { For, Show } from 'solid-js';
import { PART_SEPARATOR, type SentPart } from '../../common/chat-schemas.ts';
import { DEFAULT_CONTEXT_TOKENS, estimateTokens } from '../../common/estimate-tokens.ts';
import type { MessageKey } from '../i18n/es.ts';
import { useStores } from '../state/use-stores.ts';

/** Parts whose text is long and rarely read: shown closed, opened on demand. */
const COLLAPSED = new Set<SentPart['part']>(['system', 'rules', 'synapse', 'noteList']);

/**
 * Every part of the request as the provider received it, in order, each with its exact
 * characters and estimated tokens, and the total against the model's context window.
 */
export function RequestParts(props: { parts: SentPart[]; contextTokens: number | undefined }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const n = (value: number) => value.toLocaleString(stores.i18n.locale());
  const total = () => {
    const messages = new Set(props.parts.map((p) => p.message)).size;
    const separators = PART_SEPARATOR.length * (props.parts.length - messages);
    return props.parts.reduce((sum, p) => sum + p.chars, 0) + separators;
  };
  const title = (p: SentPart) => {
    const history = p.role === 'assistant' ? 'part.history.assistant' : 'part.history.user';
    if (p.listing) {
      const { linked, matched, recent, omitted } = p.listing;
      return t('part.noteListChosen', {
        count: n(p.count ?? 0),
        linked: n(linked),
        matched: n(matched),
        recent: n(recent),
        omitted: n(omitted),
      });
    }
    if (p.part === 'instruction') {
      const command =
        p.label === 'closing' ? 'part.instruction.closing' : 'part.instruction.summary';
      return t('part.instruction', { label: t(command) });
    }
    const key: MessageKey = p.part === 'history' ? history : `part.${p.part}`;
    return t(key, { label: p.label, count: n(p.count ?? 0) });
  };
  const size = (chars: number) =>
    t('part.size', { chars: n(chars), tokens: n(estimateTokens(chars)) });
  return (
    <div class="request-parts" data-testid="request-parts">
      <ol>
        <For each={props.parts}>
          {(p) => (
            <li
              data-testid="sent-part"
              data-part={p.part}
              data-message={p.message}
              data-chars={p.chars}
            >
              <Show
                when={p.text !== undefined}
                fallback={
                  <span>
                    <span class="sent-kind">{title(p)}</span>{' '}
                    <span class="muted">{size(p.chars)}</span>
                  </span>
                }
              >
                <details open={!COLLAPSED.has(p.part) && p.part !== 'attachmentsIntro'}>
                  <summary>
                    <span class="sent-kind">{title(p)}</span>{' '}
                    <span class="muted">{size(p.chars)}</span>
                  </summary>
                  <pre data-testid="sent-part-text">{p.text}</pre>
                </details>
              </Show>
            </li>
          )}
        </For>
      </ol>
      <p data-testid="sent-total" data-chars={total()}>
        {t('part.total', {
          chars: n(total()),
          tokens: n(estimateTokens(total())),
          window: n(props.contextTokens ?? DEFAULT_CONTEXT_TOKENS),
        })}
      </p>
    </div>
  );
}
