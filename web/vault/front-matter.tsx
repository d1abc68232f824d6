import { createMemo, For, Show } from 'solid-js';
import type { Note } from '../../common/api-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { summarizeFrontMatter } from './front-matter-entries.ts';

/** The note's front matter, compactly: tags as chips, other fields as a short list. */
export function FrontMatter(props: { note: Note }) {
  const t = useStores().i18n.t;
  const summary = createMemo(() => summarizeFrontMatter(props.note.frontMatter));
  return (
    <section class="front-matter" aria-label={t('note.frontMatter')}>
      <Show when={summary().tags.length > 0}>
        <ul class="tags" aria-label={t('note.tags')}>
          <For each={summary().tags}>{(tag) => <li class="tag">#{tag}</li>}</For>
        </ul>
      </Show>
      <Show when={summary().entries.length > 0}>
        <dl class="fields">
          <For each={summary().entries}>
            {(entry) => (
              <div class="field">
                <dt>{entry.key}</dt>
                <dd>{entry.value}</dd>
              </div>
            )}
          </For>
        </dl>
      </Show>
      <Show when={props.note.frontMatterError}>
        {(message) => (
          <p class="notice notice-warning">{t('note.frontMatterError', { message: message() })}</p>
        )}
      </Show>
    </section>
  );
}
