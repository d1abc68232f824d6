import { readdir, readFile, rename, stat, truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { appendDurably, openPrivateDir, syncDir, writeDurably } from '../storage/durable-file.ts';

/**
 * The vector store's files in its folder (the config folder's `embeddings/`, never the
 * vault): the NDJSON index and the binary file of int8 vectors it names. Every write is
 * durable (fsync); the index is replaced whole only by a rename.
 */

const INDEX = 'index.ndjson';

/** The index's lines (none when there is no index yet); creates or narrows the folder. */
export async function readIndexLines(dir: string): Promise<string[]> {
  await openPrivateDir(dir);
  return readFile(join(dir, INDEX), 'utf8').then(
    (t) => t.split('\n'),
    () => [] as string[],
  );
}

/** The binary file's whole vectors: a part-written one (a kill mid-append) is cut off. */
export async function readWholeVectors(dir: string, bin: string, dims: number): Promise<Buffer> {
  const file = await readFile(join(dir, bin)).catch(() => Buffer.alloc(0));
  const whole = file.length - (file.length % dims);
  if (whole !== file.length) await truncate(join(dir, bin), whole);
  return file.subarray(0, whole);
}

/** Cuts the index after its last good line, so the next append starts clean. */
export function cutIndex(dir: string, goodBytes: number): Promise<void> {
  return truncate(join(dir, INDEX), goodBytes);
}

/** Appends index lines (after the bytes they name are on disk). */
export function appendIndex(dir: string, lines: readonly string[]): Promise<void> {
  return appendDurably(join(dir, INDEX), `${lines.join('\n')}\n`);
}

/** Appends vectors to the binary file. */
export function appendVectors(dir: string, bin: string, bytes: Uint8Array): Promise<void> {
  return appendDurably(join(dir, bin), bytes);
}

/** Writes a whole binary file (a new store, or a compaction's). */
export function writeVectors(dir: string, bin: string, bytes: Uint8Array): Promise<void> {
  return writeDurably(join(dir, bin), bytes);
}

/** Writes the index whole to a temp file and renames it over the old one. */
export async function swapIndex(dir: string, lines: readonly string[]): Promise<void> {
  const tmp = join(dir, `${INDEX}.tmp`);
  await writeDurably(tmp, `${lines.join('\n')}\n`);
  await rename(tmp, join(dir, INDEX));
  await syncDir(dir);
}

/** Deletes every binary file but `keep` (left by a compaction or another model). */
export async function removeOtherBins(dir: string, keep: string): Promise<void> {
  for (const f of await readdir(dir)) {
    if (f.endsWith('.bin') && f !== keep) await unlink(join(dir, f)).catch(() => {});
  }
}

/** Bytes on disk of the index and the binary file. */
export async function storeBytes(dir: string, bin: string): Promise<number> {
  const [a, b] = await Promise.all([stat(join(dir, INDEX)), stat(join(dir, bin))]);
  return a.size + b.size;
}
