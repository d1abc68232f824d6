import { afterEach, describe, expect, it } from 'vitest';
import { chosenFor, clearChosen } from '../search/ui/chosen-note.ts';
import { openedFromRelated } from './related-chosen.ts';

afterEach(clearChosen);

describe('web/vault/related-chosen', () => {
  it('offers «¿Era esta?» on the related note opened, with the title of the note it came from', () => {
    openedFromRelated({ name: 'Sueño del faro' }, 'Diario/Niebla.md');
    expect(chosenFor('Diario/Niebla.md')).toEqual({
      query: 'Sueño del faro',
      path: 'Diario/Niebla.md',
      from: 'related',
    });
    // The note it came from is not the answer: its own view asks nothing.
    expect(chosenFor('Sueño del faro.md')).toBeNull();
  });
});
