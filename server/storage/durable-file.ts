import { chmod, mkdir, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * The few durable file operations the stores of the config folder share (history,
 * conversations, embeddings, models): each waits until the bytes or the new names are on
 * disk, not just in the page cache, so what is acknowledged after it survives a power cut.
 */

/** What these stores hold names the vault's notes and what the user wrote: only its owner may read it. */
export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates `dir` (0700) or narrows an existing one, and narrows every file in it to 0600:
 * a store written by an older version, or copied in with wider modes, is private again
 * from the moment it is opened.
 */
export async function openPrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile()) await chmod(join(dir, entry.name), PRIVATE_FILE_MODE);
  }
}

/** Appends (creating the file 0600) and waits until the bytes are on disk. */
export const appendDurably = (file: string, data: Uint8Array | string): Promise<void> =>
  writeThrough(file, 'a', data);

/** Writes a whole file (0600 when new) and waits until it is on disk. */
export const writeDurably = (file: string, data: Uint8Array | string): Promise<void> =>
  writeThrough(file, 'w', data);

async function writeThrough(file: string, flags: 'a' | 'w', data: Uint8Array | string) {
  const fh = await open(file, flags, PRIVATE_FILE_MODE);
  try {
    await fh.writeFile(data);
    // An append needs only its bytes (and the new size) on disk: fdatasync spares the rest.
    await (flags === 'a' ? fh.datasync() : fh.sync());
  } finally {
    await fh.close();
  }
}

/**
 * fsyncs a folder: makes the names created, renamed or removed in it durable (a new file's
 * bytes can be on disk while its name is still lost with the folder's page).
 */
export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
