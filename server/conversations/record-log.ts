import { open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { syncDir } from '../storage/durable-file.ts';

/**
 * Append-only logs of JSON records, one a line, each behind the CRC-32 of its JSON:
 * `0a1b2c3d {"k":"turn",…}\n`. A write cut by a crash leaves a last line without its
 * newline or with a checksum that does not match: reading stops there, and the torn
 * tail is cut off before the next append. JSON never holds a raw newline, so a line is
 * a record.
 */

/** One record as a line of the log. */
export function frameRecord(record: unknown): string {
  const json = JSON.stringify(record);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

/** The records of a log's text, and how many bytes of it are whole records. */
export function parseRecords(bytes: Buffer): { records: unknown[]; goodBytes: number } {
  const records: unknown[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(10, at);
    if (end === -1) break;
    const line = bytes.toString('utf8', at, end);
    const json = line.slice(9);
    if (line[8] !== ' ' || Number.parseInt(line.slice(0, 8), 16) !== crc32(json)) break;
    try {
      records.push(JSON.parse(json));
    } catch {
      break;
    }
    at = end + 1;
  }
  return { records, goodBytes: at };
}

/**
 * Reads a log; a missing file is empty. With `repair`, a torn tail is cut off on disk
 * so the next append starts on a record boundary.
 */
export async function readLog(
  file: string,
  repair: boolean,
): Promise<{ records: unknown[]; bytes: number }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], bytes: 0 };
    throw error;
  }
  const { records, goodBytes } = parseRecords(bytes);
  if (repair && goodBytes < bytes.length) await truncate(file, goodBytes);
  return { records, bytes: goodBytes };
}

/**
 * Appends records (0600 when new) and, with `durable`, waits for them to reach the disk
 * (fdatasync) before resolving: what is acknowledged after it survives a crash or power cut.
 * A new file's folder is synced too, or the file's name could be lost with it.
 * Returns the bytes written.
 */
export async function appendLog(
  file: string,
  records: readonly unknown[],
  durable: boolean,
  newFile = false,
): Promise<number> {
  const text = records.map(frameRecord).join('');
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.write(text);
    if (durable) await handle.datasync();
  } finally {
    await handle.close();
  }
  if (durable && newFile) await syncDir(dirname(file));
  return Buffer.byteLength(text);
}
