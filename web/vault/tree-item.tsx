import { Show } from 'solid-js';
import type { TreeRow } from '../../common/api-schemas.ts';
import { noteHash } from '../router/route.ts';
import { useStores } from '../state/use-stores.ts';
import { TreeList } from './tree-list.tsx';
import { displayName, skipReasonKey } from './tree-paths.ts';

type Of<T extends TreeRow['type']> = Extract<TreeRow, { type: T }>;

/** Whether a note's row is the open note: a selector, so a route change touches two rows, not all. */
export type IsCurrent = (notePath: string) => boolean;

/** A folder: a button that opens or closes it. */
export function TreeFolder(props: { folder: Of<'folder'>; isCurrent: IsCurrent }) {
  const vault = useStores().vault;
  const open = () => vault.isExpanded(props.folder.path);
  return (
    <>
      <button
        type="button"
        class="tree-entry tree-folder"
        aria-expanded={open()}
        onClick={() => vault.toggleFolder(props.folder.path)}
      >
        {props.folder.name}
      </button>
      <Show when={open()}>
        <TreeList nodes={vault.rows(props.folder.path) ?? []} isCurrent={props.isCurrent} />
      </Show>
    </>
  );
}

/** A note: a link to its view, marked as current when open. */
export function TreeNote(props: { note: Of<'note'>; isCurrent: IsCurrent }) {
  const current = () => props.isCurrent(props.note.path.normalize('NFC'));
  return (
    <a
      class="tree-entry tree-note"
      href={noteHash(props.note.path)}
      aria-current={current() ? 'page' : undefined}
    >
      {displayName(props.note)}
    </a>
  );
}

/** A file SOMA cannot open: greyed, with the reason as its tooltip. */
export function TreeFile(props: { file: Of<'file'> }) {
  const t = useStores().i18n.t;
  return (
    <span class="tree-entry tree-file" title={t(skipReasonKey(props.file.reason))}>
      {props.file.name}
    </span>
  );
}
