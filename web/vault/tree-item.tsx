import { Show } from 'solid-js';
import type { TreeRow } from '../../common/api-schemas.ts';
import { noteHash } from '../router/route.ts';
import { useStores } from '../state/use-stores.ts';
import { TreeList } from './tree-list.tsx';
import { displayName, skipReasonKey } from './tree-paths.ts';

type Of<T extends TreeRow['type']> = Extract<TreeRow, { type: T }>;

/** A folder: a button that opens or closes it. */
export function TreeFolder(props: { folder: Of<'folder'> }) {
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
        <TreeList nodes={vault.rows(props.folder.path) ?? []} />
      </Show>
    </>
  );
}

/** A note: a link to its view, marked as current when open. */
export function TreeNote(props: { note: Of<'note'> }) {
  const stores = useStores();
  const current = () => {
    const route = stores.router.route();
    return route.name === 'note' && route.path === props.note.path.normalize('NFC');
  };
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
