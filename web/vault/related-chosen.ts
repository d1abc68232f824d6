import type { Note } from '../../common/api-schemas.ts';
import { noteChosen } from '../search/ui/chosen-note.ts';

/**
 * A related note was opened from `origin`'s list: its note view offers
 * «¿Era esta?». Related notes have no typed question, so the question is the
 * note they came from, by its title: a «Sí, era esta» says that searching for
 * that title should find this note, and the quality panel scores it so.
 */
export function openedFromRelated(origin: Pick<Note, 'name'>, path: string): void {
  noteChosen({ query: origin.name, path, from: 'related' });
}
