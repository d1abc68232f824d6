import type { IndexSnapshot } from './index-snapshot.ts';

/**
 * The saved index as IndexedDB keeps it, gzipped: a 4-byte tag, the length of
 * the text that follows, the text (the hashes' JSON, a newline, the
 * snapshot's header; JSON never holds a raw newline, so the first one splits
 * them), and the snapshot's postings. Compressed with the
 * browser's own CompressionStream, in the worker, off the page's thread.
 */

/** `SOM3` little-endian: this layout. Anything else (older saves) is not read, but rebuilt. */
const TAG = 0x334d4f53;

async function gzip(parts: BlobPart[]): Promise<ArrayBuffer> {
  const packed = new Blob(parts).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(packed).arrayBuffer();
}

async function gunzip(data: ArrayBuffer): Promise<ArrayBuffer> {
  const bytes = new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(bytes).arrayBuffer();
}

export function packIndex(
  hashes: Record<string, string>,
  snapshot: IndexSnapshot,
): Promise<ArrayBuffer> {
  const text = new TextEncoder().encode(`${JSON.stringify(hashes)}\n${snapshot.header}`);
  const head = new DataView(new ArrayBuffer(8));
  head.setUint32(0, TAG, true);
  head.setUint32(4, text.length, true);
  return gzip([head, text, snapshot.postings as Uint8Array<ArrayBuffer>]);
}

/**
 * The hashes and the snapshot back; null for data saved in an older layout
 * (rebuilt from the copy), throws on data that is not a packed index.
 */
export async function unpackIndex(
  data: ArrayBuffer,
): Promise<{ hashes: Record<string, string>; snapshot: IndexSnapshot } | null> {
  const raw = await gunzip(data);
  if (raw.byteLength < 8) throw new Error('índice guardado ilegible');
  const head = new DataView(raw, 0, 8);
  if (head.getUint32(0, true) !== TAG) return null;
  const length = head.getUint32(4, true);
  const start = 8 + length;
  if (start > raw.byteLength) throw new Error('índice guardado ilegible');
  const text = new TextDecoder().decode(new Uint8Array(raw, 8, length));
  const newline = text.indexOf('\n');
  if (newline === -1) throw new Error('índice guardado ilegible');
  const hashes: unknown = JSON.parse(text.slice(0, newline));
  if (typeof hashes !== 'object' || hashes === null) throw new Error('índice guardado ilegible');
  return {
    hashes: hashes as Record<string, string>,
    snapshot: { header: text.slice(newline + 1), postings: new Uint8Array(raw, start) },
  };
}
