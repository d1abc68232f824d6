import type { SkipReason, TreeRow, VaultEvent } from '../../common/api-schemas.ts';
import { noteName } from '../../common/wikilinks.ts';
import type { MessageKey } from '../i18n/es.ts';

/** The folders that contain a vault path, outermost first: `a/b/c.md` → `a`, `a/b`. */
export function ancestorFolders(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** The vault path a change event is about, in NFC. */
export function eventPath(event: VaultEvent): string {
  return (event.type === 'remove' ? event.path : event.entry.path).normalize('NFC');
}

const nfcPaths = new WeakMap<TreeRow, string>();

/**
 * A row's path in NFC, as routes hold it. Remembered per row (rows stay the same objects
 * while unchanged): the tree looks for the open note among thousands of rows.
 */
export function rowPath(row: TreeRow): string {
  let path = nfcPaths.get(row);
  if (path === undefined) {
    path = row.path.normalize('NFC');
    nfcPaths.set(row, path);
  }
  return path;
}

/** A note's display name: its file name without `.md`. */
export function displayName(node: Pick<TreeRow, 'name' | 'type'>): string {
  return node.type === 'note' ? noteName(node.name) : node.name;
}

/** The message that says why a listed file cannot be opened. */
export function skipReasonKey(reason: SkipReason): MessageKey {
  return `tree.reason.${reason}`;
}
