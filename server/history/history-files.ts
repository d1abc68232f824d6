import { randomBytes } from 'node:crypto';
import { type FileHandle, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { HistoryEntrySchema } from '../../common/history-schemas.ts';

/*
 * The history's file layout and its temp files; only history-store.ts uses them.
 */

export const INDEX_FILE = 'index.jsonl';
export const PACK_RE = /^pack-(\d+)\.bin$/;
export const TEMP_PREFIX = '.tmp-';

const PackName = z.string().check(z.regex(PACK_RE));
const Hash = z.string().check(z.regex(/^[0-9a-f]{64}$/));
/**
 * Where a version's bytes are: pack file, offset, length; with a fourth item, those bytes
 * are only its end, appended to the version of that hash (an approved line on a log keeps
 * the line, not the whole log again).
 */
export const LocationSchema = z.union([
  z.tuple([PackName, z.int(), z.int()]),
  z.tuple([PackName, z.int(), z.int(), Hash]),
]);
export type Location = z.infer<typeof LocationSchema>;
/** An index line: the entry, and where the bytes it names are (by hash). */
export const LineSchema = z.object({
  ...HistoryEntrySchema.shape,
  at: z.record(z.string(), LocationSchema),
});
export type Line = z.infer<typeof LineSchema>;

/** A hidden temp file in `dir`, filled by `fill` and fsynced; its path. */
export async function writeTemp(
  dir: string,
  fill: (handle: FileHandle) => Promise<void>,
): Promise<string> {
  const tmp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await fill(handle);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(tmp).catch(() => {});
    throw err;
  }
  await handle.close();
  return tmp;
}

export const packNumber = (name: string) => Number(PACK_RE.exec(name)?.[1] ?? 0);

/** Lines grouped by path, each group oldest first. */
export function byPath(lines: Line[]): Map<string, Line[]> {
  const map = new Map<string, Line[]>();
  for (const l of lines) {
    const group = map.get(l.path);
    if (group) group.push(l);
    else map.set(l.path, [l]);
  }
  return map;
}

export function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
