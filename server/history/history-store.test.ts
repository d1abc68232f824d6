import { createHash } from 'node:crypto';
import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../common/history-schemas.ts';
import { keptEntries } from './history-retention.ts';
import { HistoryStore } from './history-store.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const DAY = 24 * 60 * 60_000;

/** An entry for `rel` from `before` to `after` at `time` (ms). */
function entry(
  id: string,
  rel: string,
  before: Buffer | null,
  after: Buffer | null,
  time: number,
): HistoryEntry {
  return {
    id,
    time: new Date(time).toISOString(),
    kind: 'write',
    path: rel,
    session: { id: 's', label: 'portátil' },
    before: before && sha(before),
    after: after && sha(after),
  };
}

describe('HistoryStore', () => {
  let config: string;
  let now: number;
  let retention: { keepDays: number; maxMegabytes: number };
  const open = () =>
    new HistoryStore(
      config,
      () => retention,
      () => now,
    );
  const record = (s: HistoryStore, id: string, rel: string, b: Buffer | null, a: Buffer | null) =>
    s.record(entry(id, rel, b, a, now), { before: b, after: a });

  beforeEach(async () => {
    config = await mkdtemp(path.join(tmpdir(), 'soma-history-'));
    now = Date.UTC(2026, 11, 4, 12);
    retention = { keepDays: 90, maxMegabytes: 200 };
  });
  afterEach(async () => {
    await rm(config, { recursive: true, force: true });
  });

  it('keeps its folder 0700 and its files 0600', async () => {
    const s = open();
    await record(s, 'a', 'x.md', null, Buffer.from('uno'));
    const mode = async (p: string) => (await stat(path.join(s.dir, p))).mode & 0o777;
    expect(await mode('.')).toBe(0o700);
    expect((await readdir(s.dir)).sort()).toEqual(['index.jsonl', 'pack-1.bin']);
    expect(await mode('index.jsonl')).toBe(0o600);
    expect(await mode('pack-1.bin')).toBe(0o600);
  });

  it('stores equal bytes once, and a reopened store reads the same entries', async () => {
    const s = open();
    const [a, b] = [Buffer.from('A'), Buffer.from('B')];
    await record(s, '1', 'x.md', a, b);
    await record(s, '2', 'x.md', b, a);
    await record(s, '3', 'y.md', null, a);
    // Two versions of one byte each: the pack holds each once.
    expect((await stat(path.join(s.dir, 'pack-1.bin'))).size).toBe(2);
    const again = open();
    expect((await again.entries('x.md')).map((e) => e.id)).toEqual(['1', '2']);
    expect(await again.blob(sha(b))).toEqual(b);
    expect(await again.usage()).toMatchObject({ entries: 3 });
  });

  it('answers null for bytes that do not match their hash, and keeps them anew', async () => {
    const s = open();
    const sano = Buffer.from('sano');
    await record(s, '1', 'x.md', null, sano);
    await writeFile(path.join(s.dir, 'pack-1.bin'), 'roto');
    const again = open();
    expect(await again.blob(sha(sano))).toBeNull();
    // Damaged bytes are not reused: the next write that holds them keeps them again.
    await record(again, '2', 'x.md', sano, Buffer.from('otro'));
    expect(await again.blob(sha(sano))).toEqual(sano);
  });

  it('skips an index line cut by a crash and starts the next one on its own line', async () => {
    const s = open();
    await record(s, '1', 'x.md', null, Buffer.from('a'));
    await appendFile(path.join(s.dir, 'index.jsonl'), '{"id":"cortada","ti');
    const again = open();
    await record(again, '2', 'x.md', Buffer.from('a'), Buffer.from('b'));
    expect((await open().entries('x.md')).map((e) => e.id)).toEqual(['1', '2']);
    const lines = (await readFile(path.join(s.dir, 'index.jsonl'), 'utf8')).split('\n');
    expect(lines).toHaveLength(4);
  });

  it('prunes entries past keepDays but never the latest write of a note', async () => {
    const s = open();
    const v = ['v0', 'v1', 'v2'].map((t) => Buffer.from(t));
    await record(s, 'old-x', 'x.md', v[0] ?? null, v[1] ?? null);
    await record(s, 'old-y', 'y.md', null, v[0] ?? null);
    now += 100 * DAY;
    await record(s, 'new-y', 'y.md', v[0] ?? null, v[2] ?? null);
    await s.prune();
    const ids = [...(await s.entries('x.md')), ...(await s.entries('y.md'))].map((e) => e.id);
    expect(ids).toEqual(['old-x', 'new-y']);
    // v1 is named by old-x only, v0 by old-x and new-y: all three stay, in one new pack
    // (pack-2 was set aside for writes made during the prune; none came).
    expect((await readdir(s.dir)).sort()).toEqual(['index.jsonl', 'pack-3.bin']);
    expect((await stat(path.join(s.dir, 'pack-3.bin'))).size).toBe(6);
    const again = open();
    expect((await again.entries('y.md')).map((e) => e.id)).toEqual(['new-y']);
    for (const b of v) expect(await again.blob(sha(b))).toEqual(b);
  });

  it('drops the oldest entries while the bytes are over maxMegabytes, deleting their blobs', async () => {
    retention = { keepDays: 90, maxMegabytes: 1 };
    const s = open();
    const big = (c: string) => Buffer.alloc(400 * 1024, c);
    let prev: Buffer | null = null;
    for (const c of 'abcde') {
      const next = big(c);
      await record(s, c, 'x.md', prev, next);
      prev = next;
    }
    await s.pruned();
    const left = await s.entries('x.md');
    expect(left.at(-1)?.id).toBe('e');
    expect((await s.usage()).bytes).toBeLessThanOrEqual(1024 * 1024 + 4096);
    expect(await s.blob(sha(big('d')))).toEqual(big('d'));
    expect(await s.blob(sha(big('a')))).toBeNull();
  });
});

describe('keptEntries', () => {
  it('keeps the latest entry of each path even when it alone is over the limit', () => {
    const e = entry('1', 'x.md', Buffer.from('a'), Buffer.from('b'), 0);
    const kept = keptEntries([e], { keepDays: 1, maxMegabytes: 1 }, 10 * DAY, () => 5e6);
    expect(kept).toEqual([e]);
  });
});
