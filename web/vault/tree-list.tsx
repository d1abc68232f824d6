import { createEffect, createMemo, createSignal, For, Match, onCleanup, Switch } from 'solid-js';
import type { TreeRow } from '../../common/api-schemas.ts';
import { type IsCurrent, TreeFile, TreeFolder, TreeNote } from './tree-item.tsx';

/** Rows drawn per task: a folder of thousands of notes is drawn in short tasks, not one long one. */
export const TREE_ROWS_PER_TASK = 200;

/** One level of the tree; folders render their own children when expanded. */
export function TreeList(props: { nodes: readonly TreeRow[]; isCurrent: IsCurrent }) {
  const [drawn, setDrawn] = createSignal(TREE_ROWS_PER_TASK);
  // The rest of a long folder follows a part per task, so a click or a note waits on one part.
  createEffect(() => {
    if (drawn() >= props.nodes.length) return;
    const timer = setTimeout(() => setDrawn((n) => n + TREE_ROWS_PER_TASK));
    onCleanup(() => clearTimeout(timer));
  });
  // The same row objects either way: <For> keeps the DOM of rows already drawn.
  const rows = createMemo(() =>
    props.nodes.length <= drawn() ? props.nodes : props.nodes.slice(0, drawn()),
  );
  return (
    <ul class="tree-list">
      <For each={rows()}>
        {(node) => (
          <li class="tree-row">
            <Switch>
              <Match when={node.type === 'folder' && node}>
                {(folder) => <TreeFolder folder={folder()} isCurrent={props.isCurrent} />}
              </Match>
              <Match when={node.type === 'note' && node}>
                {(note) => <TreeNote note={note()} isCurrent={props.isCurrent} />}
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
