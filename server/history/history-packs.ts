import { createHash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import type { Location } from './history-files.ts';

/*
 * Reading versions out of the packs: a whole version is one slice; one kept as an
 * appended end is its slice after the version under it, down to a whole one. Only
 * history-store.ts uses them.
 */

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Open pack files while one version is read or one prune copies, closed after. */
export type Handles = Map<string, Promise<FileHandle | null>>;
export const closeAll = async (handles: Handles) => {
  for (const h of handles.values()) await (await h)?.close();
};

/** The bytes stored at `loc` itself (for an appended end, only that end), or null. */
export async function readSlice(
  dir: string,
  loc: Location,
  handles: Handles,
): Promise<Buffer | null> {
  const [pack, offset, length] = loc;
  let opened = handles.get(pack);
  if (!opened) {
    opened = open(path.join(dir, pack), 'r').catch(() => null);
    handles.set(pack, opened);
  }
  const handle = await opened;
  if (!handle) return null;
  const data = Buffer.alloc(length);
  const { bytesRead } = await handle.read(data, 0, length, offset);
  return bytesRead === length ? data : null;
}

/**
 * The versions `hash` is built from, itself first, following appended ends down to a
 * whole version; stops at one `moved` has (a prune's copies) or that `where` lacks.
 */
export function chainOf(
  hash: string,
  where: Map<string, Location>,
  moved?: Map<string, Location>,
): [string, Location][] {
  const chain: [string, Location][] = [];
  for (let h: string | undefined = hash; h !== undefined && !moved?.has(h); ) {
    const loc = where.get(h);
    // Each end adds bytes, so a chain longer than the index is a damaged one.
    if (!loc || chain.length > where.size) break;
    chain.push([h, loc]);
    h = loc[3];
  }
  return chain;
}

/** The bytes of version `hash`, or null when they are not kept (or do not match it). */
export async function readVersion(
  dir: string,
  hash: string,
  where: Map<string, Location>,
): Promise<Buffer | null> {
  const chain = chainOf(hash, where);
  if (chain.at(-1)?.[1][3] !== undefined) return null;
  const handles: Handles = new Map();
  try {
    const parts: Buffer[] = [];
    for (const [, loc] of chain.reverse()) {
      const part = await readSlice(dir, loc, handles);
      if (!part) return null;
      parts.push(part);
    }
    const data = Buffer.concat(parts);
    return chain.length > 0 && sha256(data) === hash ? data : null;
  } finally {
    await closeAll(handles);
  }
}

/**
 * Whether `loc` still holds `data` (a version about to be kept again): a whole one is
 * compared byte for byte, an appended end with the end of `data` (the version under it
 * was checked when it was kept, and every read checks the whole against its hash).
 */
export async function holds(
  dir: string,
  loc: Location,
  data: Buffer,
  where: Map<string, Location>,
): Promise<boolean> {
  const base = loc[3];
  if (base !== undefined && !where.has(base)) return false;
  const handles: Handles = new Map();
  try {
    const slice = await readSlice(dir, loc, handles);
    if (!slice) return false;
    return base === undefined
      ? slice.equals(data)
      : slice.length < data.length && slice.equals(data.subarray(data.length - slice.length));
  } finally {
    await closeAll(handles);
  }
}
