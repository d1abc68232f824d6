import { open } from 'node:fs/promises';

/** Appends and waits until the bytes are on disk (not just in the page cache). */
export async function appendDurably(file: string, data: Uint8Array | string): Promise<void> {
  const fh = await open(file, 'a');
  try {
    await fh.writeFile(data);
    await fh.datasync();
  } finally {
    await fh.close();
  }
}

/** Writes a whole file and waits until it is on disk. */
export async function writeDurably(file: string, data: Uint8Array | string): Promise<void> {
  const fh = await open(file, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Makes a rename in `dir` durable. */
export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
