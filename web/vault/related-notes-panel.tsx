import { createResource, createSignal, For, Show } from 'solid-js';
import type { Note } from '../../common/api-schemas.ts';
import { noteName } from '../../common/wikilinks.ts';
import { attachedPaths } from '../chat/pick-suggestions.ts';
import { noteHash } from '../router/route.ts';
import { folderOf } from '../search/analysis/note-document.ts';
import { useStores } from '../state/use-stores.ts';
import { afterPaint } from '../ui/after-paint.ts';
import { loadRelated } from './load-related.ts';
import { openedFromRelated } from './related-chosen.ts';

/**
 * "Notas relacionadas" under a note: linked, linking and alike notes, each
 * attachable to the chat draft with one click (nothing is attached otherwise).
 * Opening one lets its note ask «¿Era esta?» for this note's title.
 */
export function RelatedNotesPanel(props: { note: Note }) {
  const stores = useStores();
  const t = stores.i18n.t;
  // Looked for once the note is painted: reading the note's words for the query is work
  // the note itself must not wait for.
  const [painted, setPainted] = createSignal(false);
  afterPaint(() => setPainted(true));
  // Searched again when the note changes or the index does (a sync, an edit elsewhere).
  const [related] = createResource(
    () => painted() && { note: props.note, version: stores.search.version() },
    // A stopped worker or an unreadable copy: the note still reads fine, just without the list.
    (source) => loadRelated(source.note).catch(() => []),
  );
  const attached = () => attachedPaths(stores.chat.state.chips);
  return (
    <Show when={(related.latest ?? []).length > 0}>
      <section class="related-notes" data-testid="related-notes" aria-labelledby="related-title">
        <h2 id="related-title" class="related-title">
          {t('related.title')}
        </h2>
        <ul class="related-list">
          <For each={related.latest}>
            {(item) => (
              <li class="related-item" data-testid="related-note">
                <a
                  href={noteHash(item.path)}
                  onClick={() => openedFromRelated(props.note, item.path)}
                >
                  {noteName(item.path)}
                </a>{' '}
                <span class="muted hit-path">{folderOf(item.path)}</span>{' '}
                <span class="related-reason muted">· {t(`related.${item.reason}`)}</span>
                <button
                  type="button"
                  class="button button-small"
                  disabled={attached().has(item.path)}
                  onClick={() => stores.chat.addChips([{ kind: 'note', path: item.path }])}
                >
                  {attached().has(item.path) ? t('related.attached') : t('related.attach')}
                </button>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
