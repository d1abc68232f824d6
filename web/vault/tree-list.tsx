import { For, Match, Switch } from 'solid-js';
import type { TreeRow } from '../../common/api-schemas.ts';
import { TreeFile, TreeFolder, TreeNote } from './tree-item.tsx';

/** One level of the tree; folders render their own children when expanded. */
export function TreeList(props: { nodes: readonly TreeRow[] }) {
  return (
    <ul class="tree-list">
      <For each={props.nodes}>
        {(node) => (
          <li class="tree-row">
            <Switch>
              <Match when={node.type === 'folder' && node}>
                {(folder) => <TreeFolder folder={folder()} />}
              </Match>
              <Match when={node.type === 'note' && node}>
                {(note) => <TreeNote note={note()} />}
              </Match>
              <Match when={node.type === 'file' && node}>
                {(file) => <TreeFile file={file()} />}
              </Match>
            </Switch>
          </li>
        )}
      </For>
    </ul>
  );
}
