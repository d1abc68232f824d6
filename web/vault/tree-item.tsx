import type { TreeRow } from '../../common/api-schemas.ts';
import { noteHash } from '../router/route.ts';
import { useStores } from '../state/use-stores.ts';
import { displayName, rowPath, skipReasonKey } from './tree-paths.ts';

type Of<T extends TreeRow['type']> = Extract<TreeRow, { type: T }>;

/** Whether a note's row is the open note: a selector, so a route change touches two rows, not all. */
export type IsCurrent = (notePath: string) => boolean;

/** A name that never wraps (every row is as tall), cut short with its whole self as tooltip. */
function EntryName(props: { name: string }) {
  return (
    <span class="tree-name" title={props.name}>
      {props.name}
    </span>
  );
}

/** A folder: a button that opens or closes it (its rows follow it in the tree's flat list). */
export function TreeFolder(props: { folder: Of<'folder'> }) {
  const vault = useStores().vault;
  return (
    <button
      type="button"
      class="tree-entry tree-folder"
      aria-expanded={vault.isExpanded(props.folder.path)}
      onClick={() => vault.toggleFolder(props.folder.path)}
    >
      <EntryName name={props.folder.name} />
    </button>
  );
}

/** A note: a link to its view, marked as current when open. */
export function TreeNote(props: { note: Of<'note'>; isCurrent: IsCurrent }) {
  const current = () => props.isCurrent(rowPath(props.note));
  return (
    <a
      class="tree-entry tree-note"
      href={noteHash(props.note.path)}
      aria-current={current() ? 'page' : undefined}
    >
      <EntryName name={displayName(props.note)} />
    </a>
  );
}

/** A file SOMA cannot open: greyed, with the reason as its tooltip. */
export function TreeFile(props: { file: Of<'file'> }) {
  const t = useStores().i18n.t;
  return (
    <span class="tree-entry tree-file" title={t(skipReasonKey(props.file.reason))}>
      <span class="tree-name">{props.file.name}</span>
    </span>
  );
}
