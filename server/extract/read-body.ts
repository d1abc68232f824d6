import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ApiError } from '../http/api-error.ts';

/** The size refusal, in megabytes as the user thinks of pages. */
export function tooLarge(maxBytes: number): ApiError {
  const mb = String(Number((maxBytes / (1024 * 1024)).toFixed(1))).replace('.', ',');
  return new ApiError(413, 'too_large', `La página pesa más de ${mb} MB: SOMA no la descarga.`);
}

function decompressor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new ApiError(
        502,
        'fetch_failed',
        `La página llegó comprimida en «${encoding}», que SOMA no lee.`,
      );
  }
}

/**
 * Reads a response body as it streams, stopping (and closing the connection)
 * as soon as it passes `maxBytes`. The limit counts decompressed bytes, so a
 * small gzip bomb is refused as soon as it grows, not after.
 */
export async function readBody(
  res: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const onAbort = () => res.destroy(new Error('aborted'));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const inflate = decompressor(res.headers['content-encoding']);
    // pipeline() destroys the decompressor when the response fails, so the loop below ends too.
    const stream: Readable = inflate ? pipeline(res, inflate, () => {}) : res;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        res.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  } finally {
    signal.removeEventListener('abort', onAbort);
    // Whatever ended the read early, the connection must not stay open.
    if (!res.complete) res.destroy();
  }
}
