import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';

/**
 * The scan's and the export's file reads, synchronous on purpose. Each asynchronous fs
 * call hands a request to libuv's threadpool and wakes the event loop with its answer,
 * several times the CPU of the same system call made here, and a big vault's scan makes
 * five calls a note: CPU the browser's first sync loses (measured: docs/FACTS.md, "The
 * server"). A local vault's files answer in microseconds from the page cache
 * or an SSD; callers read in slices and yield to the event loop between them.
 */

/** `stat(abs)`, or null for anything that cannot be stat'ed. */
export function statOf(abs: string): Stats | null {
  try {
    return statSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** The real path of `abs` (one native call, not the JS realpath's lstat per component). */
export function realOf(abs: string): string | null {
  try {
    return realpathSync.native(abs);
  } catch {
    return null;
  }
}

/**
 * Never blocks on a FIFO or device swapped in after the caller's stat (the stat before
 * the open is what keeps a FIFO from being opened at all); the fstat below rejects it.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
/** Also fails when the last component is a symlink (ELOOP): a file swapped for a link. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** What an open handle said about a regular file; `bytes` is null when over the limit. */
export interface OpenedFile {
  size: number;
  mtime: number;
  bytes: Buffer | null;
}

/**
 * Opens `abs`, checks through the open handle that it is a regular file, and reads it
 * when its size is at most `maxBytes`: size and mtime come from the handle, so they go
 * with the bytes read, and never more than that size is read (a file growing meanwhile
 * is cut there, as fs.readFile does). Null when it is gone or not a regular file. Call
 * only after a stat said it is a regular file: a FIFO is never opened.
 */
export function readRegularFile(
  abs: string,
  maxBytes: number,
  { noFollow = false }: { noFollow?: boolean } = {},
): OpenedFile | null {
  let fd: number;
  try {
    fd = openSync(abs, noFollow ? OPEN_FLAGS | NO_FOLLOW : OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    if (st.size > maxBytes) return { size: st.size, mtime: st.mtimeMs, bytes: null };
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    return { size: n, mtime: st.mtimeMs, bytes: n === buf.length ? buf : buf.subarray(0, n) };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
