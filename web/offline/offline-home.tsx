import { createEffect, createMemo, createResource, createSignal, For, on, Show } from 'solid-js';
import { foldText } from '../../common/fold-text.ts';
import { noteName } from '../../common/wikilinks.ts';
import { listCachedNotes } from '../db/notes-cache-repo.ts';
import type { CachedNoteRecord } from '../db/records.ts';
import { noteHash } from '../router/route.ts';
import type { SearchHit } from '../search/engine/search-types.ts';
import { searchInWorker } from '../search/worker/search-client.ts';
import { useStores } from '../state/use-stores.ts';
import { CLOSINGS_FOLDER, noteFromCache } from './offline-notes.ts';
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

/** A saved note in the list, with the line around the match when the index found it. */
interface Shown {
  note: CachedNoteRecord;
  snippet: string | null;
}

/**
 * What the app shows when it starts without the server: the saved closings and notes,
 * searchable and readable, and a clear word that chat and proposals need the server.
 * Search runs in the search worker, over the index and vault copy it saved in IndexedDB
 * (ranked, with stemming: "alumbrar" finds "alumbra"); saved notes the index lacks (opened
 * but not yet synced) still match by a plain substring filter, after the ranked ones.
 * Nothing here writes anywhere.
 */
export default function OfflineHome() {
  const stores = useStores();
  const t = stores.i18n.t;
  const [notes] = createResource(savedNotes);
  const [filter, setFilter] = createSignal('');
  const open = () => {
    const route = stores.router.route();
    if (route.name !== 'note') return null;
    return notes()?.find((n) => n.path === route.path) ?? null;
  };
  // The worker's answer for one query; an older query's late answer is dropped.
  const [ranked, setRanked] = createSignal<{ query: string; hits: SearchHit[] }>({
    query: '',
    hits: [],
  });
  createEffect(
    on(filter, (query) => {
      if (!query.trim()) return;
      const show = (answer: { hits: SearchHit[] }) => {
        if (filter() === query) setRanked({ query, hits: answer.hits });
      };
      // Offline the vector ranking rarely comes; when it does, it replaces the lexical one.
      searchInWorker(query, { typing: true, onRefined: show }).then(
        show,
        // No worker (or no saved index): the substring filter below still answers.
        () => undefined,
      );
    }),
  );
  const shown = createMemo((): Shown[] => {
    const words = foldText(filter()).split(/\s+/).filter(Boolean);
    const all = notes() ?? [];
    if (!words.length) return all.slice(0, LIST_LIMIT).map((note) => ({ note, snippet: null }));
    const byPath = new Map(all.map((n) => [n.path, n]));
    const hits = ranked().query === filter() ? ranked().hits : [];
    const found: Shown[] = [];
    for (const hit of hits) {
      const note = byPath.get(hit.path);
      if (note) found.push({ note, snippet: hit.snippet || null });
    }
    const seen = new Set(found.map((s) => s.note.path));
    const contains = (n: CachedNoteRecord) =>
      words.every((w) => foldText(`${n.path} ${n.content}`).includes(w));
    for (const note of all) {
      if (!seen.has(note.path) && contains(note)) found.push({ note, snippet: null });
    }
    return found.slice(0, LIST_LIMIT);
  });
  return (
    <main id="main" class="offline-home" data-testid="offline-home" tabIndex={-1}>
      <p class="notice notice-warning" role="status" data-testid="offline-banner">
        {t('offline.banner')}
      </p>
      <Show
        when={stores.router.route().name === 'note'}
        fallback={
          <>
            <h1>{t('offline.closings')}</h1>
            <label class="offline-filter">
              {t('offline.filter')}
              <input
                type="search"
                value={filter()}
                onInput={(e) => setFilter(e.currentTarget.value)}
              />
            </label>
            <Show when={shown().length > 0} fallback={<p class="muted">{t('offline.none')}</p>}>
              <ul class="offline-list" data-testid="offline-list">
                <For each={shown()}>
                  {({ note, snippet }) => (
                    <li classList={{ closing: note.path.startsWith(CLOSINGS_FOLDER) }}>
                      <a href={noteHash(note.path)}>{noteName(note.path)}</a>{' '}
                      <span class="muted">{note.path}</span>
                      <Show when={snippet}>
                        {(line) => <p class="offline-snippet muted">{line()}</p>}
                      </Show>
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
        <Show when={open()} fallback={<p class="notice">{t('offline.notCached')}</p>}>
          {(record) => (
            <article class="note-view" data-testid="note-view">
              <h1 class="note-title">{noteName(record().path)}</h1>
              <p class="note-path muted">{record().path}</p>
              <SavedNoteBody note={noteFromCache(record())} />
            </article>
          )}
        </Show>
      </Show>
    </main>
  );
}
