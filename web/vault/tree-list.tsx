import {
  createEffect,
  createMemo,
  createSignal,
  For,
  Match,
  onCleanup,
  Switch,
  untrack,
} from 'solid-js';
import type { TreeRow } from '../../common/api-schemas.ts';
import { useStores } from '../state/use-stores.ts';
import { type FlatRow, flattenTree } from './flat-rows.ts';
import { type IsCurrent, TreeFile, TreeFolder, TreeNote } from './tree-item.tsx';
import { ancestorFolders, rowPath } from './tree-paths.ts';
import { revealTop, type TreeView, treeWindow } from './tree-window.ts';

/** What the tree assumes before it has measured itself (a laptop's screen of 40 px rows). */
const FIRST_VIEW: TreeView = { scrollTop: 0, height: 900, listTop: 0, rowHeight: 40 };

/**
 * The tree's rows, only those in view (and a few around) in the page: one flat list, each
 * row saying its level and place, the rows above and below stood in for by padding.
 * Rows stay the same objects while unchanged, so a drawn row keeps its DOM (and focus).
 */
export function TreeList(props: {
  scroller: () => HTMLElement | undefined;
  isCurrent: IsCurrent;
  /** The open note's path (NFC) once it is painted, which the tree scrolls into view once its row is listed. */
  reveal: () => string | null;
}) {
  const vault = useStores().vault;
  const rows = createMemo(() => flattenTree(vault.rows, vault.isExpanded));
  let list!: HTMLUListElement;
  const [view, setView] = createSignal(FIRST_VIEW);
  const range = createMemo(() => treeWindow(view(), rows().length));
  const shown = createMemo(() => {
    const { start, end } = range();
    const places = new Map<TreeRow, FlatRow>();
    for (let i = start; i < end; i++) places.set(rows()[i]!.row, rows()[i]!);
    return places;
  });
  const drawn = createMemo(() => [...shown().keys()]);

  createEffect(() => {
    const box = props.scroller();
    if (!box) return;
    const onScroll = () => setView((v) => ({ ...v, scrollTop: box.scrollTop }));
    // Sizes are read when they change, when the layout is fresh: never a forced layout.
    const measure = () => {
      const first = list.querySelector('.tree-row');
      const rowHeight = first?.getBoundingClientRect().height || view().rowHeight;
      if (box.clientHeight === 0) return; // hidden (a closed drawer): keep the last sizes
      const listTop = list.getBoundingClientRect().top - box.getBoundingClientRect().top;
      setView({
        scrollTop: box.scrollTop,
        height: box.clientHeight,
        listTop: listTop + box.scrollTop,
        rowHeight,
      });
    };
    const sizes = new ResizeObserver(measure);
    sizes.observe(box);
    sizes.observe(list);
    box.addEventListener('scroll', onScroll, { passive: true });
    onCleanup(() => {
      sizes.disconnect();
      box.removeEventListener('scroll', onScroll);
    });
  });

  // The open note's row is brought into view once, when it is first listed (its folders
  // open after the note is painted); later changes to the list leave the scroll alone.
  let revealed: string | null = null;
  createEffect(() => {
    const path = props.reveal();
    if (path === null || path === revealed) {
      revealed = path;
      return;
    }
    // Not listed while a folder above it is closed or not yet fetched: no need to look.
    const folders = ancestorFolders(path);
    if (!folders.every((f) => vault.isExpanded(f) && vault.rows(f) !== null)) {
      rows(); // followed, so the effect runs again when the folders open
      return;
    }
    const index = rows().findIndex((f) => f.row.type === 'note' && rowPath(f.row) === path);
    if (index < 0) return;
    revealed = path;
    // Read, not followed: scrolling must not look for the row again.
    const top = revealTop(index, untrack(view));
    const box = props.scroller();
    if (top !== null && box) box.scrollTop = top;
  });

  return (
    <ul
      ref={list}
      class="tree-list"
      style={{
        'padding-top': `${range().start * view().rowHeight}px`,
        'padding-bottom': `${(rows().length - range().end) * view().rowHeight}px`,
      }}
    >
      <For each={drawn()}>
        {(node) => {
          const place = () => shown().get(node);
          return (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: ARIA 1.2 gives a listitem aria-level, -setsize and -posinset (axe checks them in e2e); the rule's table predates it.
            <li
              class="tree-row"
              aria-level={place()?.level}
              aria-setsize={place()?.setsize}
              aria-posinset={place()?.posinset}
              style={{ '--tree-depth': String((place()?.level ?? 1) - 1) }}
            >
              <Switch>
                <Match when={node.type === 'folder' && node}>
                  {(folder) => <TreeFolder folder={folder()} />}
                </Match>
                <Match when={node.type === 'note' && node}>
                  {(note) => <TreeNote note={note()} isCurrent={props.isCurrent} />}
                </Match>
                <Match when={node.type === 'file' && node}>
                  {(file) => <TreeFile file={file()} />}
                </Match>
              </Switch>
            </li>
          );
        }}
      </For>
    </ul>
  );
}
