import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SkipReason } from '../../common/api-schemas.ts';
import { readRegularFile, realOf, statOf } from './read-regular-file.ts';
import { isHiddenName, isInsideRealRoot } from './vault-path.ts';

/** What the vault knows about one file; `hash` is '' for files it never reads. */
export interface IndexEntry {
  /** Absolute path as spelled on disk (may be NFD when synced from a Mac). */
  abs: string;
  size: number;
  mtime: number;
  hash: string;
  kind: 'note' | SkipReason;
}

/** How many leading bytes are searched for a NUL to call a file binary (git's heuristic). */
const BINARY_SNIFF_BYTES = 8192;

/** True for `.md` in any case: Obsidian treats `Nota.MD` as a note too. */
export function isMarkdownName(name: string): boolean {
  return /\.md$/i.test(name);
}

/** One decoder for every note: a decode without `stream` keeps no state between calls. */
const decoder = new TextDecoder();

/**
 * A note's kind, and its text when asked for. Indexing only checks the bytes: decoding
 * every note into strings nobody keeps grew the server's heap with garbage (docs/FACTS.md).
 */
export function classifyBytes(
  bytes: Buffer,
  withText: boolean,
): { kind: IndexEntry['kind']; text: string | null } {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { kind: 'binary', text: null };
  if (!isUtf8(bytes)) return { kind: 'not_utf8', text: null };
  // TextDecoder, as before, drops a leading BOM.
  return { kind: 'note', text: withText ? decoder.decode(bytes) : null };
}

export interface ClassifyOptions {
  /** The index's entry: reused, without reading, when size and mtime are unchanged. */
  previous?: IndexEntry | undefined;
  /** Decode a note's text (serving it), not only check it (indexing). */
  withText?: boolean;
  /** Hand back a note's bytes as read (the export writes them into its lines undecoded). */
  withBytes?: boolean;
  /**
   * The vault's real root, for a read of a path checked long ago (the export): the file's
   * real path must be inside it, and that real path is what is opened, refusing a
   * symlink swapped in for its last component since.
   */
  realRoot?: string;
}

/**
 * Classifies the regular file at `abs`, reusing `previous` when size and mtime are
 * unchanged so that a rescan does not re-read the vault. Returns null when the file is
 * gone, is not a regular file (a FIFO is never opened: the stat comes first) or is out of
 * `realRoot`. `text` is set only when asked for, the file was read and is a note. The one
 * copy of these checks: the scan, a note's read and the export all come through here.
 * Synchronous (read-regular-file.ts says why): a caller reading many yields between slices.
 */
export function classifyFileSync(
  abs: string,
  maxNoteBytes: number,
  { previous, withText = false, withBytes = false, realRoot }: ClassifyOptions = {},
): { entry: IndexEntry; text: string | null; bytes?: Buffer } | null {
  const st = statOf(abs);
  if (!st?.isFile()) return null;
  const real = realRoot === undefined ? null : realOf(abs);
  if (realRoot !== undefined && (real === null || !isInsideRealRoot(realRoot, real))) return null;
  const base = { abs, size: st.size, mtime: st.mtimeMs };
  if (previous && previous.size === st.size && previous.mtime === st.mtimeMs) {
    return { entry: { ...previous, abs }, text: null };
  }
  if (!isMarkdownName(abs))
    return { entry: { ...base, hash: '', kind: 'not_markdown' }, text: null };
  if (st.size > maxNoteBytes)
    return { entry: { ...base, hash: '', kind: 'too_large' }, text: null };
  const opened = readRegularFile(real ?? abs, maxNoteBytes, { noFollow: real !== null });
  if (!opened) return null;
  const { size, mtime, bytes } = opened;
  if (!bytes) return { entry: { abs, size, mtime, hash: '', kind: 'too_large' }, text: null };
  const { kind, text } = classifyBytes(bytes, withText);
  const hash = kind === 'note' ? createHash('sha256').update(bytes).digest('hex') : '';
  const entry: IndexEntry = { abs, size, mtime, hash, kind };
  return withBytes && kind === 'note' ? { entry, text, bytes } : { entry, text };
}

/** classifyFileSync for one file read on its own (a note served, a watcher event). */
export async function classifyFile(
  abs: string,
  maxNoteBytes: number,
  options: ClassifyOptions = {},
): Promise<{ entry: IndexEntry; text: string | null } | null> {
  return classifyFileSync(abs, maxNoteBytes, options);
}

export interface WalkResult {
  /** NFC vault-relative folder paths, the root excluded. */
  folders: string[];
  /** NFC vault-relative path → absolute path on disk. */
  files: Map<string, string>;
}

/**
 * Lists the vault below `dirAbs`, skipping hidden names and following only symlinks
 * whose real target stays inside the real vault root. A link to one of its own
 * ancestors is not entered, so cycles end; a link to a sibling lists its notes twice.
 * `onFolder` hears of every folder entered (`dirAbs` too) before it is read, so a watch
 * set there misses nothing written after the listing.
 */
export async function walkVault(
  root: string,
  dirAbs = root,
  dirRel = '',
  onFolder: (rel: string, abs: string) => void = () => {},
): Promise<WalkResult> {
  const realRoot = await realpath(root);
  const out: WalkResult = { folders: [], files: new Map() };
  const visit = async (abs: string, rel: string, ancestors: string[]): Promise<void> => {
    const real = await realpath(abs).catch(() => null);
    // The starting folder too: a watcher event may name a symlink that leads out.
    if (real === null || ancestors.includes(real) || !isInsideRealRoot(realRoot, real)) return;
    onFolder(rel, abs);
    const dirents = await readdir(abs, { withFileTypes: true }).catch(() => []);
    for (const d of dirents) {
      const name = d.name.normalize('NFC');
      if (isHiddenName(name)) continue;
      const childAbs = path.join(abs, d.name);
      const childRel = rel === '' ? name : `${rel}/${name}`;
      let isDir = d.isDirectory();
      let isFile = d.isFile();
      if (d.isSymbolicLink()) {
        const target = await realpath(childAbs).catch(() => null);
        if (target === null || !isInsideRealRoot(realRoot, target)) continue;
        const st = await stat(target).catch(() => null);
        isDir = st?.isDirectory() ?? false;
        isFile = st?.isFile() ?? false;
      }
      if (isDir) {
        out.folders.push(childRel);
        await visit(childAbs, childRel, [...ancestors, real]);
      } else if (isFile) {
        out.files.set(childRel, childAbs);
      }
    }
  };
  await visit(dirAbs, dirRel, []);
  return out;
}
