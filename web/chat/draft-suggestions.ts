import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import { SUGGEST_DEBOUNCE_MS } from '../lib/timing.ts';
import type { SearchHit } from '../search/engine/search-types.ts';
import { searchInWorker } from '../search/worker/search-client.ts';
import type { ChatStore } from './chat-store.ts';
import { attachSuggestion } from './era-esta-entries.ts';
import { pickSuggestions } from './pick-suggestions.ts';

/** The draft's query (the Spanish analyzer's words), loaded with the first draft rather than with the page. */
let queryOf: ((text: string) => string | null) | null = null;
const loadQueryOf = () =>
  import('../search/analysis/draft-query.ts').then((m) => {
    queryOf = m.draftQuery;
    return m.draftQuery;
  });

/**
 * Notes related to what is being typed: once the keys pause, the draft's
 * informative words are searched in the browser's worker (never sent
 * anywhere). Nothing is attached until the user picks one (`attach`).
 * `enabled`: the user's switch (on unless turned off).
 */
export function createDraftSuggestions(chat: ChatStore, enabled: () => boolean) {
  // The hits with the words they were searched with (the question «¿Era esta?» remembers).
  const [found, setFound] = createSignal<{ query: string; hits: SearchHit[] }>({
    query: '',
    hits: [],
  });
  const setHits = (query: string, hits: SearchHit[]) => setFound({ query, hits });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request = 0;

  const run = async (query: string) => {
    const mine = ++request;
    try {
      const answer = await searchInWorker(query, {
        localOnly: true,
        onRefined: (refined) => {
          if (mine === request) setHits(query, refined.hits);
        },
      });
      if (mine === request) setHits(query, answer.hits);
    } catch {
      // A stopped worker or a failed query: suggestions are a nicety, the list just stays empty.
      if (mine === request) setHits(query, []);
    }
  };

  const settle = (query: string | null) => {
    clearTimeout(timer);
    if (query === null) {
      request++;
      setHits('', []);
      return;
    }
    timer = setTimeout(() => void run(query), SUGGEST_DEBOUNCE_MS);
  };
  let typed = 0;
  createEffect(
    on([() => chat.state.text, enabled], ([text, wanted]) => {
      clearTimeout(timer);
      const mine = ++typed;
      if (!wanted || text.trim() === '') return settle(null);
      if (queryOf) return settle(queryOf(text));
      loadQueryOf().then(
        (draftQuery) => mine === typed && settle(draftQuery(text)),
        () => mine === typed && settle(null),
      );
    }),
  );
  onCleanup(() => clearTimeout(timer));

  const shown = () => pickSuggestions(found().hits, chat.state.chips);
  return {
    /** The related notes to offer, best first, none already attached. */
    shown,
    /** Attaches the `index`-th note shown as a note chip (the chat then asks «¿Era esta?»). */
    attach(index: number) {
      const hit = shown()[index];
      if (hit) attachSuggestion(chat, found().query, hit.path);
    },
  };
}

export type DraftSuggestions = ReturnType<typeof createDraftSuggestions>;
