import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, stat, unlink } from 'node:fs/promises';
import type { ModelFile } from '../../harness/embeddings-schema.ts';
import { httpGet, networkReason, rangeStart } from './http-get.ts';
import { toInstallError } from './install-errors.ts';
import { ModelInstallError } from './model-source.ts';
import type { ProgressMeter } from './progress-meter.ts';

/** What one file's download needs. */
export interface FetchFileOptions {
  url: string;
  file: ModelFile;
  /** The `.part` the bytes go to; an existing one is resumed. */
  part: string;
  fetch: typeof fetch;
  signal: AbortSignal | undefined;
  /** How long may the connection stay silent (no headers, no bytes) before it is given up? */
  stallTimeoutMs: number;
  meter: ProgressMeter;
}

/** The bytes in the part so far and the SHA-256 of exactly those bytes. */
interface Received {
  have: number;
  hash: Hash;
}

/**
 * Downloads one file into its `.part`, resuming with `Range` from the bytes already there
 * (hashed first, so the SHA-256 covers the whole file in one pass), and resolves once the part
 * holds exactly the pinned size and SHA-256, on disk (fsync). A wrong size or checksum deletes
 * the part and throws `size` / `checksum`; a cut connection leaves it for the next attempt.
 */
export async function fetchFile(o: FetchFileOptions): Promise<void> {
  const { file, part } = o;
  const got: Received = { have: await partBytes(part, file.bytes), hash: createHash('sha256') };
  if (got.have > 0) await hashPrefix(part, got.have, got.hash);
  o.meter.skip(file.name, got.have);
  if (got.have < file.bytes) await receive(o, got);
  o.meter.checking(file.name);
  if (got.have !== file.bytes) {
    await unlink(part).catch(() => undefined);
    throw new ModelInstallError('size', { file: file.name, bytes: got.have, expected: file.bytes });
  }
  if (got.hash.digest('hex') !== file.sha256) {
    await unlink(part).catch(() => undefined);
    throw new ModelInstallError('checksum', { file: file.name });
  }
}

/** Bytes of a part worth resuming: none when absent, not a plain file, or longer than the file. */
async function partBytes(part: string, expected: number): Promise<number> {
  const info = await stat(part).catch(() => null);
  if (!info?.isFile()) return 0;
  if (info.size <= expected) return info.size;
  await unlink(part).catch(() => undefined);
  return 0;
}

async function hashPrefix(part: string, bytes: number, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(part, { start: 0, end: bytes - 1 })) {
    hash.update(chunk as Buffer);
  }
}

/**
 * Requests the rest of the file and appends it to the part, hashing as it goes. A server that
 * answers the Range with the whole file (200) restarts the part and the hash; one that refuses
 * it (416) or answers another range gets one plain request instead. Stops early, leaving the
 * size check to refuse it, when more bytes come than the file has.
 */
async function receive(o: FetchFileOptions, got: Received): Promise<void> {
  const stall = new AbortController();
  const signal = o.signal ? AbortSignal.any([o.signal, stall.signal]) : stall.signal;
  let timer: NodeJS.Timeout | undefined;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(), o.stallTimeoutMs);
  };
  const disk = <T>(p: Promise<T>) =>
    p.catch((err: unknown) => {
      throw toInstallError(err, o.part);
    });
  let fh: FileHandle | undefined;
  try {
    alive();
    const res = await request(o, got.have, signal);
    if (res.status === 200 && got.have > 0) {
      o.meter.rewind(got.have);
      got.have = 0;
      got.hash = createHash('sha256');
    }
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    if (res.status === 200 && Number.isFinite(length) && length !== o.file.bytes) {
      await res.body?.cancel().catch(() => undefined);
      got.have = length;
      return;
    }
    fh = await disk(open(o.part, got.have > 0 ? 'a' : 'w', 0o600));
    const reader = res.body?.getReader();
    for (;;) {
      alive();
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      if (got.have + chunk.value.byteLength > o.file.bytes) {
        await reader?.cancel().catch(() => undefined);
        got.have += chunk.value.byteLength;
        return;
      }
      await disk(fh.write(chunk.value));
      got.hash.update(chunk.value);
      got.have += chunk.value.byteLength;
      o.meter.add(o.file.name, chunk.value.byteLength);
    }
    await disk(fh.sync());
  } catch (err) {
    if (err instanceof ModelInstallError) throw err;
    if (o.signal?.aborted) throw new ModelInstallError('cancelled');
    if (stall.signal.aborted) throw new ModelInstallError('network', { reason: 'timeout' });
    if (err instanceof TypeError)
      throw new ModelInstallError('network', { reason: networkReason(err) });
    throw err;
  } finally {
    clearTimeout(timer);
    await fh?.close().catch(() => undefined);
  }
}

/** GET of the rest of the file (or all of it), settled to a 200 or a 206 that continues the part. */
async function request(o: FetchFileOptions, have: number, signal: AbortSignal): Promise<Response> {
  const res = await httpGet(o.fetch, o.url, have > 0 ? { range: `bytes=${have}-` } : {}, signal);
  if (res.status === 200) return res;
  if (
    res.status === 206 &&
    have > 0 &&
    rangeStart(res.headers.get('content-range'), o.file.bytes) === have
  ) {
    return res;
  }
  await res.body?.cancel().catch(() => undefined);
  if (have === 0 || (res.status !== 206 && res.status !== 416)) {
    throw new ModelInstallError('http_status', { status: res.status });
  }
  // The server cannot continue this part: fetch the whole file, which restarts it.
  const whole = await httpGet(o.fetch, o.url, {}, signal);
  if (whole.status === 200) return whole;
  await whole.body?.cancel().catch(() => undefined);
  throw new ModelInstallError('http_status', { status: whole.status });
}
