import { yieldToLoop } from '../../lib/yield-to-loop.ts';
import type { IndexSnapshot } from './index-snapshot.ts';
import { UNREADABLE } from './varint-reader.ts';

/**
 * The saved index as IndexedDB keeps it, in two Blobs:
 * - `head`, gzipped: a 4-byte tag, the length of the text that follows, the
 *   text (the hashes' JSON, a newline, the snapshot's header; JSON never holds
 *   a raw newline, so the first one splits them);
 * - `postings`, as they are: the term count, each term's end (32-bit words, in
 *   this machine's byte order: the same browser writes and reads them), then
 *   the snapshot's postings.
 * The postings were gzipped too until layout 4: varints gzip only to half, and
 * gunzipping them cost a reload more than reading the larger bytes (measured:
 * docs/FACTS.md).
 */
export interface PackedIndex {
  head: Blob;
  postings: Blob;
}

/** `SOM4` little-endian: this layout. Anything else (older saves) is not read, but rebuilt. */
const TAG = 0x344d4f53;

/**
 * Bytes gzipped per task. The head of a 10,000-note index is megabytes: fed whole, its
 * deflate was one task of up to ~190 ms at the worker's pace on a busy T460, and a query
 * typed meanwhile waited behind it.
 */
export const GZIP_SLICE_BYTES = 64 * 1024;

/** Gzips `parts` a slice per task, so messages waiting for the worker are read in between. */
async function gzip(parts: BlobPart[]): Promise<Blob> {
  const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
  const stream = new CompressionStream('gzip');
  const packed = new Response(stream.readable).blob();
  const writer = stream.writable.getWriter();
  for (let at = 0; at < bytes.length; at += GZIP_SLICE_BYTES) {
    await writer.write(bytes.subarray(at, at + GZIP_SLICE_BYTES));
    await yieldToLoop();
  }
  await writer.close();
  return packed;
}

async function gunzip(data: Blob): Promise<ArrayBuffer> {
  const bytes = data.stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(bytes).arrayBuffer();
}

export async function packIndex(
  hashes: Record<string, string>,
  snapshot: IndexSnapshot,
): Promise<PackedIndex> {
  const text = new TextEncoder().encode(`${JSON.stringify(hashes)}\n${snapshot.header}`);
  const head = new DataView(new ArrayBuffer(8));
  head.setUint32(0, TAG, true);
  head.setUint32(4, text.length, true);
  const count = Uint32Array.of(snapshot.ends.length);
  const postings = new Blob([
    count,
    snapshot.ends as Uint32Array<ArrayBuffer>,
    snapshot.postings as Uint8Array<ArrayBuffer>,
  ]);
  return { head: await gzip([head, text]), postings };
}

/** The term ends and postings from the `postings` Blob's bytes; throws when they do not fit. */
function splitPostings(data: ArrayBuffer): Pick<IndexSnapshot, 'ends' | 'postings'> {
  if (data.byteLength < 4) throw new Error(UNREADABLE);
  const count = new Uint32Array(data, 0, 1)[0]!;
  const start = 4 + 4 * count;
  if (start > data.byteLength) throw new Error(UNREADABLE);
  return { ends: new Uint32Array(data, 4, count), postings: new Uint8Array(data, start) };
}

/**
 * The hashes and the snapshot back; null for a record saved in an older
 * layout (rebuilt from the copy), throws on data that is not a packed index.
 * Both Blobs are read at once: the gunzip of the head overlaps the postings' read.
 */
export async function unpackIndex(
  packed: PackedIndex,
): Promise<{ hashes: Record<string, string>; snapshot: IndexSnapshot } | null> {
  const [raw, postings] = await Promise.all([gunzip(packed.head), packed.postings.arrayBuffer()]);
  if (raw.byteLength < 8) throw new Error(UNREADABLE);
  const head = new DataView(raw, 0, 8);
  if (head.getUint32(0, true) !== TAG) return null;
  const length = head.getUint32(4, true);
  if (8 + length > raw.byteLength) throw new Error(UNREADABLE);
  const text = new TextDecoder().decode(new Uint8Array(raw, 8, length));
  const newline = text.indexOf('\n');
  if (newline === -1) throw new Error(UNREADABLE);
  const hashes: unknown = JSON.parse(text.slice(0, newline));
  if (typeof hashes !== 'object' || hashes === null) throw new Error(UNREADABLE);
  return {
    hashes: hashes as Record<string, string>,
    snapshot: { header: text.slice(newline + 1), ...splitPostings(postings) },
  };
}
