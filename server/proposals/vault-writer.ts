import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { syncDir } from '../storage/durable-file.ts';
import { lineBytes } from '../vault/current-file.ts';
import {
  assertRealPathInside,
  assertSingleLink,
  invalidPath,
  isHiddenName,
  resolveInVault,
} from '../vault/vault-path.ts';

/**
 * THE ONLY module that writes to the vault, and only the confirm route imports it
 * (vault-writer-imports.test.ts enforces both). Every path goes through the vault's
 * path module: hidden names, traversal and symlinks leading out are refused, and so is
 * a file with other hard links (its other names would change too).
 */

/** Prefix of temp files: hidden, so Obsidian, the vault walker and the watcher ignore them. */
export const TEMP_PREFIX = '.soma-tmp-';
const TEMP_RE = /^\.soma-tmp-[0-9a-f]{16}$/;

/** What a write put on disk. */
export interface Written {
  /** Canonical vault path. */
  path: string;
  /** Lower-case hex SHA-256 of the bytes written. */
  hash: string;
  bytes: number;
}

function written(rel: string, data: Buffer): Written {
  return { path: rel, hash: createHash('sha256').update(data).digest('hex'), bytes: data.length };
}

/**
 * Creates the missing folders between the vault root and `abs` one at a time, checking
 * after each that it is still inside the vault (names were already checked not hidden).
 */
async function ensureParent(root: string, abs: string): Promise<string> {
  // From the on-disk spelling, so a folder stored in NFD is reused rather than doubled.
  const parent = path.relative(root, path.dirname(abs));
  const segments = parent === '' ? [] : parent.split(path.sep);
  let dir = root;
  for (const seg of segments) {
    dir = path.join(dir, seg);
    await mkdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    await assertRealPathInside(root, dir);
  }
  return dir;
}

/** fsync of a folder makes a rename durable; some systems cannot open folders for it. */
const syncDirIfAble = (dir: string): Promise<void> => syncDir(dir).catch(() => {});

/** A new version written beside its target, not yet in place. */
export interface Staged {
  /** Renames it over the target (checked again first) and fsyncs the folder. */
  commit(): Promise<Written>;
  /** Deletes the temp file: nothing changed. */
  abort(): Promise<void>;
}

/**
 * The first half of {@link writeAtomic}: `content` in a hidden temp file beside the
 * target, written and fsynced; the target is untouched until `commit`. Lets the confirm
 * route make the new bytes durable while it keeps the old ones in the history.
 *
 * @throws ApiError 400 `invalid_path` for a path the vault refuses (symlink escapes included)
 */
export async function stageAtomic(
  root: string,
  rel: string,
  content: string | Buffer,
): Promise<Staged> {
  const target = await resolveInVault(root, rel, { forWrite: true });
  const dir = await ensureParent(root, target.abs);
  // Bytes as given: a restored version may hold a BOM, CRLF or bytes that are not UTF-8.
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const tmp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
  const abort = () => unlink(tmp).catch(() => {});
  const handle = await open(tmp, 'wx', 0o644);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    await abort();
    throw err;
  }
  return {
    abort,
    async commit() {
      try {
        // The folder may have been swapped for a symlink meanwhile: check again just before.
        await assertRealPathInside(root, target.abs);
        const old = await lstat(target.abs).catch(() => null);
        if (old) assertSingleLink(target.rel, old);
        await rename(tmp, target.abs);
      } catch (err) {
        await abort();
        throw err;
      }
      await syncDirIfAble(dir);
      return written(target.rel, data);
    },
  };
}

/**
 * Replaces (or creates) the file at vault path `rel` with `content`, atomically: a temp
 * file in the same folder is written and fsynced, renamed over the target, and the
 * folder fsynced. A reader or a crash sees the old content or the new, never a mix.
 * A string is written as UTF-8; a Buffer byte for byte.
 *
 * @throws ApiError 400 `invalid_path` for a path the vault refuses (symlink escapes included)
 */
export async function writeAtomic(
  root: string,
  rel: string,
  content: string | Buffer,
): Promise<Written> {
  return (await stageAtomic(root, rel, content)).commit();
}

/**
 * Appends `line` (a newline is added) to the file at `rel`, creating it if missing: one
 * write of the line, then fsync, so it costs the line whatever the file's size. A last
 * line left without its newline (a crash mid-append) gets one first, so the new line
 * starts on its own (see `lineBytes`). O_APPEND keeps concurrent lines whole; O_NOFOLLOW
 * refuses a symlink as the file itself, and a file with other hard links is refused
 * before a byte is written. Callers queue appends per path, so the last byte read is
 * still the last when the line lands. Not a whole-file rewrite through a temp file and
 * rename: that would never leave a cut line, but each approval would cost the whole log;
 * a crash here cuts at most this one line, which readers skip (the audit view counts it
 * as broken) and the next line does not join.
 */
export async function appendLine(root: string, rel: string, line: string): Promise<Written> {
  if (line.includes('\n') || line.includes('\r')) throw new Error('appendLine: one line only');
  const target = await resolveInVault(root, rel, { forWrite: true });
  await ensureParent(root, target.abs);
  const flags = constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
  // Read too, for the last byte; a file the server may only write still takes the line.
  const readable = await open(target.abs, flags | constants.O_RDWR, 0o644).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'EACCES') return null;
      throw err;
    },
  );
  const handle = readable ?? (await open(target.abs, flags | constants.O_WRONLY, 0o644));
  let data: Buffer;
  try {
    // Checked on the open file, so a link made after any earlier check is seen too.
    const info = await handle.stat();
    assertSingleLink(target.rel, info);
    let last: number | null = null;
    if (readable && info.size > 0) {
      const byte = Buffer.alloc(1);
      await handle.read(byte, 0, 1, info.size - 1);
      last = byte[0] ?? null;
    }
    data = lineBytes(last, line);
    await handle.write(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return written(target.rel, data);
}

/**
 * Deletes the file at vault path `rel` (one unlink: atomic) and fsyncs its folder so the
 * removal survives a crash. Refuses a symlink or a folder there; a missing file is ENOENT.
 */
export async function removeFile(root: string, rel: string): Promise<Written> {
  const target = await resolveInVault(root, rel, { forWrite: true });
  const info = await lstat(target.abs);
  if (!info.isFile())
    invalidPath('not_a_file', `«${target.rel}» no es un archivo`, { path: target.rel });
  assertSingleLink(target.rel, info);
  await assertRealPathInside(root, path.dirname(target.abs));
  await unlink(target.abs);
  await syncDirIfAble(path.dirname(target.abs));
  return written(target.rel, Buffer.alloc(0));
}

/**
 * Removes temp files left by a write that was killed midway (they are hidden, but
 * still take space). Walks visible folders only and never follows symlinks.
 * Call it before the first write. Returns how many it removed.
 */
export async function cleanTempFiles(root: string): Promise<number> {
  let removed = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      if (e.isFile() && TEMP_RE.test(e.name)) {
        await unlink(abs).then(
          () => removed++,
          () => {},
        );
      } else if (e.isDirectory() && !isHiddenName(e.name)) {
        await walk(abs);
      }
    }
  };
  await walk(root);
  return removed;
}
