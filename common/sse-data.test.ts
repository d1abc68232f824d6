import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SSE_DONE, sseData } from './sse-data.ts';

/** A byte stream that delivers `bytes` in the given pieces. */
function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b);
  const bounds = [0, ...points, bytes.length];
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bounds.length - 1; i++) {
        controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      }
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(stream)) out.push(data);
  return out;
}

const SAMPLE = [
  ': OPENROUTER PROCESSING\r\n\r\n',
  'data: {"c":"señal ñandú 🙂"}\r\n\r\n',
  'event: message\nid: 7\ndata: primera\ndata:segunda\n\n',
  'data: {"c":"fin"}\r\r',
  'data: [DONE]\n\n',
  'data: nunca\n\n',
].join('');
const EXPECTED = ['{"c":"señal ñandú 🙂"}', 'primera\nsegunda', '{"c":"fin"}', SSE_DONE];

describe('server/inference/sse-lines', () => {
  it('yields data payloads, skipping comments and other fields, and stops at [DONE]', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    expect(await collect(streamOf(bytes, []))).toEqual(EXPECTED);
  });

  it('gives the same payloads when the bytes are split at any single position', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await collect(streamOf(bytes, [cut])), `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it('gives the same payloads for any set of split positions', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(bytes.length), { maxLength: 12 }), async (cuts) => {
        expect(await collect(streamOf(bytes, cuts))).toEqual(EXPECTED);
      }),
      { numRuns: 200 },
    );
  });

  it('delivers the bytes one at a time, splitting every multi-byte character', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    const every = Array.from({ length: bytes.length }, (_, i) => i);
    expect(await collect(streamOf(bytes, every))).toEqual(EXPECTED);
  });

  it('drops an event the stream cut before its blank line', async () => {
    const bytes = new TextEncoder().encode('data: uno\n\ndata: {"choices":[{"del');
    expect(await collect(streamOf(bytes, []))).toEqual(['uno']);
  });

  it('cancels the stream when the consumer stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: uno\n\ndata: dos\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const data of sseData(stream)) {
      expect(data).toBe('uno');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
