import type { Manifest, TreeRow } from '../../common/api-schemas.ts';
import type { IndexEntry } from './vault-scan.ts';

const collator = new Intl.Collator('es');

/** Folders first, then by name as a Spanish reader expects; code units break ties. */
function compareNodes(a: TreeRow, b: TreeRow): number {
  if ((a.type === 'folder') !== (b.type === 'folder')) return a.type === 'folder' ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

function byPath<T extends { path: string }>(a: T, b: T): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** The manifest of the index, sorted by path (code-unit order, the same in every client). */
export function buildManifest(entries: ReadonlyMap<string, IndexEntry>): Manifest {
  const manifest: Manifest = { notes: [], skipped: [] };
  for (const [path, e] of entries) {
    if (e.kind === 'note')
      manifest.notes.push({ path, size: e.size, mtime: e.mtime, hash: e.hash });
    else manifest.skipped.push({ path, size: e.size, mtime: e.mtime, reason: e.kind });
  }
  manifest.notes.sort(byPath);
  manifest.skipped.sort(byPath);
  return manifest;
}

/** One folder's direct rows (subfolders without their children), folders first, then by name. */
export function buildFolderRows(
  folder: string,
  folders: Iterable<string>,
  entries: ReadonlyMap<string, IndexEntry>,
): TreeRow[] {
  const prefix = folder === '' ? '' : `${folder}/`;
  const direct = (path: string) => path.startsWith(prefix) && !path.includes('/', prefix.length);
  const rows: TreeRow[] = [];
  for (const f of folders) {
    if (direct(f)) rows.push({ type: 'folder', name: f.slice(prefix.length), path: f });
  }
  for (const [path, e] of entries) {
    if (!direct(path)) continue;
    const common = { name: path.slice(prefix.length), path, size: e.size, mtime: e.mtime };
    rows.push(
      e.kind === 'note' ? { type: 'note', ...common } : { type: 'file', ...common, reason: e.kind },
    );
  }
  return rows.sort(compareNodes);
}
