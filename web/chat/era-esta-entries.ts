import { noteChosen } from '../search/ui/chosen-note.ts';
import type { ChatStore } from './chat-store.ts';

/**
 * Where the chat lets the user choose a note for a question, so that
 * «Sí, era esta» can remember the pair (nothing is remembered otherwise).
 */

/**
 * Attaches a suggested note to the draft; the chat then offers «¿Era esta?»
 * for `query`, the draft's words the suggestions were searched with.
 */
export function attachSuggestion(chat: Pick<ChatStore, 'addChips'>, query: string, path: string) {
  chat.addChips([{ kind: 'note', path }]);
  noteChosen({ query, path, from: 'suggest' });
}

/** A note was opened from `/buscar <query>`'s results: its note view offers «¿Era esta?». */
export function openedFromBuscar(query: string, path: string) {
  noteChosen({ query, path, from: 'buscar' });
}
