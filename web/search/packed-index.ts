/**
 * The saved index as IndexedDB keeps it: one gzip of the hashes' JSON, a
 * newline, and minisearch's JSON (about a quarter of the text's size; JSON
 * never holds a raw newline, so the first one splits them). Compressed with the
 * browser's own CompressionStream, in the worker, off the page's thread.
 */

/** gzip of `text` as UTF-8. */
async function gzip(text: string): Promise<ArrayBuffer> {
  const packed = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(packed).arrayBuffer();
}

async function gunzip(data: ArrayBuffer): Promise<string> {
  const text = new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(text).text();
}

export function packIndex(hashes: Record<string, string>, indexJson: string): Promise<ArrayBuffer> {
  return gzip(`${JSON.stringify(hashes)}\n${indexJson}`);
}

/** The hashes and minisearch's JSON back; throws on data that is not a packed index. */
export async function unpackIndex(
  data: ArrayBuffer,
): Promise<{ hashes: Record<string, string>; indexJson: string }> {
  const text = await gunzip(data);
  const newline = text.indexOf('\n');
  if (newline === -1) throw new Error('índice guardado ilegible');
  const hashes: unknown = JSON.parse(text.slice(0, newline));
  if (typeof hashes !== 'object' || hashes === null) throw new Error('índice guardado ilegible');
  return { hashes: hashes as Record<string, string>, indexJson: text.slice(newline + 1) };
}
