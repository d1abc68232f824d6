import type { Attachment } from '../../common/chat-schemas.ts';
import { noteName } from '../../common/wikilinks.ts';
import type { Chip, ChipInput } from '../db/records.ts';
import type { Translate } from '../i18n/i18n-store.ts';
import { newId } from './new-id.ts';

/** What the chips add to a request: attachments, and whether to recall the last closing. */
export function chipsToRequest(chips: readonly Chip[]): {
  attachments: Attachment[];
  recall: boolean;
} {
  const attachments: Attachment[] = [];
  let recall = false;
  for (const chip of chips) {
    if (chip.kind === 'recall') recall = true;
    else if (chip.kind === 'note') attachments.push({ kind: 'note', path: chip.path });
    else if (chip.kind === 'paste') attachments.push({ kind: 'paste', text: chip.text });
    else if (chip.kind === 'file')
      attachments.push({ kind: 'file', name: chip.name, text: chip.text });
    else if (chip.kind === 'url')
      attachments.push({ kind: 'url', url: chip.url, title: chip.title, text: chip.text });
    else if (chip.kind === 'web') {
      const { question, text, sources } = chip;
      attachments.push({ kind: 'web', question, text, sources });
    } else attachments.push({ kind: 'search', query: chip.query, paths: chip.paths });
  }
  return { attachments, recall };
}

/** Adds `inputs` to `chips`, skipping a note already attached and a second recall. */
export function mergeChips(chips: readonly Chip[], inputs: readonly ChipInput[]): Chip[] {
  const out = [...chips];
  for (const input of inputs) {
    const twin = out.some(
      (c) =>
        (c.kind === 'note' && input.kind === 'note' && c.path === input.path) ||
        (c.kind === 'recall' && input.kind === 'recall'),
    );
    if (!twin) out.push({ ...input, id: newId() } as Chip);
  }
  return out;
}

/** The chip's words, e.g. "Tesis" or "Último cierre: 2024-05-01.md". */
export function chipLabel(chip: ChipInput, t: Translate): string {
  switch (chip.kind) {
    case 'note':
      return noteName(chip.path);
    case 'paste':
      return t('chip.paste', { chars: chip.text.length });
    case 'file':
      return t('chip.file', { name: chip.name, chars: chip.text.length });
    case 'search':
      return t('chip.search', { query: chip.query, count: chip.paths.length });
    case 'recall':
      return t('chip.recall', { file: chip.path.slice(chip.path.lastIndexOf('/') + 1) });
    case 'url':
      return t('chip.url', { title: chip.title || chip.url, chars: chip.text.length });
    case 'web':
      return t('chip.web', { question: chip.question, count: chip.sources.length });
  }
}
