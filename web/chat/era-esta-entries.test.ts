import { afterEach, describe, expect, it } from 'vitest';
import type { ChipInput } from '../db/records.ts';
import { chosenFor, chosenFrom, clearChosen } from '../search/ui/chosen-note.ts';
import { attachSuggestion, openedFromBuscar } from './era-esta-entries.ts';

afterEach(clearChosen);

/** A draft that records the chips it is given. */
function draft() {
  const chips: ChipInput[] = [];
  return { chips, addChips: (inputs: readonly ChipInput[]) => void chips.push(...inputs) };
}

describe('web/chat/era-esta-entries', () => {
  it('attaches a suggested note and offers «¿Era esta?» in the chat for the words searched', () => {
    const chat = draft();
    attachSuggestion(chat, 'faro niebla', 'Notas/Faro.md');
    expect(chat.chips).toEqual([{ kind: 'note', path: 'Notas/Faro.md' }]);
    const pair = { query: 'faro niebla', path: 'Notas/Faro.md', from: 'suggest' };
    expect(chosenFrom('suggest')).toEqual(pair);
    expect(chosenFor('Notas/Faro.md')).toEqual(pair);
    expect(chosenFrom('buscar')).toBeNull();
  });

  it('attaches a suggestion found with no words but offers nothing', () => {
    const chat = draft();
    attachSuggestion(chat, '  ', 'Notas/Faro.md');
    expect(chat.chips).toHaveLength(1);
    expect(chosenFrom('suggest')).toBeNull();
  });

  it('offers «¿Era esta?» on the note opened from /buscar, for its query, and on no other', () => {
    openedFromBuscar(' faros ', 'Diario/2024-05-01.md');
    expect(chosenFor('Diario/2024-05-01.md')).toEqual({
      query: 'faros',
      path: 'Diario/2024-05-01.md',
      from: 'buscar',
    });
    expect(chosenFor('Notas/Faro.md')).toBeNull();
    // The chat's offer is for attached suggestions only, not for a note opened elsewhere.
    expect(chosenFrom('suggest')).toBeNull();
  });

  it('keeps only the latest choice: a later attach replaces an unanswered /buscar offer', () => {
    openedFromBuscar('faros', 'Diario/2024-05-01.md');
    attachSuggestion(draft(), 'niebla', 'Notas/Niebla.md');
    expect(chosenFor('Diario/2024-05-01.md')).toBeNull();
    expect(chosenFrom('suggest')?.path).toBe('Notas/Niebla.md');
  });
});
