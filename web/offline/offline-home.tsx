import { createMemo, createResource, createSignal, For, Show } from 'solid-js';
import { noteHash } from '../app/route.ts';
import { useStores } from '../app/store-context.tsx';
import { listCachedNotes } from '../db/notes-cache-repo.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import { CLOSINGS_FOLDER, noteFromCache } from './offline-notes.ts';
import { useOfflineWords } from './offline-words.ts';
import { SavedNoteBody } from './saved-note-body.tsx';

/** How many saved notes the list shows at once; the filter narrows the rest. */
const LIST_LIMIT = 50;

/** Every saved note, closings first (newest first), then the rest by path. */
async function savedNotes(): Promise<CachedNoteRecord[]> {
  const all = await listCachedNotes().catch(() => [] as CachedNoteRecord[]);
  const isClosing = (r: CachedNoteRecord) => r.path.startsWith(CLOSINGS_FOLDER);
  const closings = all.filter(isClosing).sort((a, b) => b.path.localeCompare(a.path));
  const rest = all.filter((r) => !isClosing(r)).sort((a, b) => a.path.localeCompare(b.path));
  return [...closings, ...rest];
}

const title = (path: string) => (path.split('/').pop() ?? path).replace(/\.md$/i, '');

/**
 * What the app shows when it starts without the server: the saved closings and notes,
 * searchable by a simple filter and readable, and a clear word that chat and proposals
 * need the server. Nothing here writes anywhere.
 */
export default function OfflineHome() {
  const stores = useStores();
  const t = stores.i18n.t;
  const w = useOfflineWords();
  const [notes] = createResource(savedNotes);
  const [filter, setFilter] = createSignal('');
  const open = () => {
    const route = stores.router.route();
    if (route.name !== 'note') return null;
    return notes()?.find((n) => n.path === route.path) ?? null;
  };
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const shown = createMemo(() => {
    const words = fold(filter()).split(/\s+/).filter(Boolean);
    const all = notes() ?? [];
    const hit = (n: CachedNoteRecord) =>
      words.every((w) => fold(`${n.path} ${n.content}`).includes(w));
    return (words.length ? all.filter(hit) : all).slice(0, LIST_LIMIT);
  });
  return (
    <main id="main" class="offline-home" data-testid="offline-home" tabIndex={-1}>
      <p class="notice notice-warning" role="status" data-testid="offline-banner">
        {t('offline.banner')} {t('offline.proposals')}.
      </p>
      <Show
        when={stores.router.route().name === 'note'}
        fallback={
          <>
            <h1>{w('closings')}</h1>
            <label class="offline-filter">
              {w('filter')}
              <input
                type="search"
                value={filter()}
                onInput={(e) => setFilter(e.currentTarget.value)}
              />
            </label>
            <Show when={shown().length > 0} fallback={<p class="muted">{w('none')}</p>}>
              <ul class="offline-list" data-testid="offline-list">
                <For each={shown()}>
                  {(n) => (
                    <li classList={{ closing: n.path.startsWith(CLOSINGS_FOLDER) }}>
                      <a href={noteHash(n.path)}>{title(n.path)}</a>{' '}
                      <span class="muted">{n.path}</span>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
          </>
        }
      >
        <a class="back-to-chat" href="#/">
          {t('chat.back')}
        </a>
        <Show when={open()} fallback={<p class="notice">{w('notCached')}</p>}>
          {(record) => (
            <article class="note-view" data-testid="note-view">
              <h1 class="note-title">{title(record().path)}</h1>
              <p class="note-path muted">{record().path}</p>
              <SavedNoteBody note={noteFromCache(record())} />
            </article>
          )}
        </Show>
      </Show>
    </main>
  );
}
