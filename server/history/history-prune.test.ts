import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../common/history-schemas.ts';
import { HistoryStore, type PruneStep } from './history-store.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const DAY = 24 * 60 * 60_000;

function entry(id: string, rel: string, before: Buffer | null, after: Buffer | null, time: number) {
  const e: HistoryEntry = {
    id,
    time: new Date(time).toISOString(),
    kind: 'write',
    path: rel,
    session: { id: 's', label: 'portátil' },
    before: before && sha(before),
    after: after && sha(after),
  };
  return e;
}

/** A promise and its resolver, to hold a prune at a step until the test lets it go. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('HistoryStore retention off the write path', () => {
  let config: string;
  let now: number;
  beforeEach(async () => {
    config = await mkdtemp(path.join(tmpdir(), 'soma-history-prune-'));
    now = Date.UTC(2026, 11, 4, 12);
  });
  afterEach(async () => {
    await rm(config, { recursive: true, force: true });
  });

  it('answers writes while a prune is held mid-copy, and keeps the versions they name', async () => {
    const events: string[] = [];
    const held = gate();
    const reached = gate();
    const s = new HistoryStore(
      config,
      () => ({ keepDays: 30, maxMegabytes: 200 }),
      () => now,
      {
        pruneStep: async (step: PruneStep) => {
          events.push(`prune ${step}`);
          if (step === 'copied') {
            reached.open();
            await held.opened;
          }
        },
      },
    );
    const [v0, v1, v2, v3] = ['cero', 'uno', 'dos', 'tres'].map((t) => Buffer.from(t));
    const write = async (id: string, rel: string, b: Buffer | null, a: Buffer | null) => {
      await s.record(entry(id, rel, b, a, now), { before: b, after: a });
      events.push(`write ${id}`);
    };
    await write('old-x', 'x.md', null, v0 ?? null);
    await write('old-x2', 'x.md', v0 ?? null, v1 ?? null);
    // The prune the first write started found nothing to drop, and took no step.
    await s.pruned();
    events.length = 0;
    now += 100 * DAY;
    const pruneNow = s.prune();
    await reached.opened;
    // old-x is past keepDays: the held prune drops it and the version v0 only it names.
    // These writes answer while the prune waits, one of them naming that dropped v0.
    await write('new-y', 'y.md', null, v0 ?? null);
    await write('new-x', 'x.md', v1 ?? null, v2 ?? null);
    expect(events).toEqual(['prune copied', 'write new-y', 'write new-x']);
    held.open();
    await pruneNow;
    await write('after', 'x.md', v2 ?? null, v3 ?? null);
    expect(events).toEqual([
      'prune copied',
      'write new-y',
      'write new-x',
      'prune packed',
      'prune switched',
      'write after',
    ]);
    const again = new HistoryStore(config, () => ({ keepDays: 30, maxMegabytes: 200 }));
    expect((await again.entries('x.md')).map((e) => e.id)).toEqual(['old-x2', 'new-x', 'after']);
    for (const v of [v0, v1, v2, v3])
      expect(await again.blob(sha(v ?? Buffer.alloc(0)))).toEqual(v);
  });

  it('keeps an appended line as the line, and reads every version of the log back', async () => {
    const s = new HistoryStore(config, () => ({ keepDays: 90, maxMegabytes: 200 }));
    const line = (n: number) => `2026-12-04 | sesión | [[Nota ${n}]] | notas/n${n}.md | texto\n`;
    let log = Buffer.from(line(0).repeat(500));
    const versions = [log];
    await s.record(entry('0', 'log.txt', null, log, now), { before: null, after: log });
    const packSize = async () => {
      let bytes = 0;
      for (const n of await readdir(s.dir)) {
        if (n.startsWith('pack-')) bytes += (await stat(path.join(s.dir, n))).size;
      }
      return bytes;
    };
    const start = await packSize();
    let added = 0;
    for (let i = 1; i <= 20; i++) {
      const piece = Buffer.from(line(i));
      const next = Buffer.concat([log, piece]);
      await s.record(entry(`${i}`, 'log.txt', log, next, now), {
        before: log,
        after: next,
        appended: piece.length,
      });
      added += piece.length;
      log = next;
      versions.push(log);
    }
    // The pack grew by the lines, never by the log again.
    expect((await packSize()) - start).toBe(added);
    const again = new HistoryStore(
      config,
      () => ({ keepDays: 90, maxMegabytes: 200 }),
      () => now,
    );
    for (const v of versions) expect(await again.blob(sha(v))).toEqual(v);
    // A prune that drops older writes carries the versions the kept ones are built on.
    now += 100 * DAY;
    await again.prune();
    expect((await again.entries('log.txt')).map((e) => e.id)).toEqual(['20']);
    const last = new HistoryStore(config, () => ({ keepDays: 90, maxMegabytes: 200 }));
    expect(await last.blob(sha(log))).toEqual(log);
    expect(await last.blob(sha(versions.at(-2) ?? log))).toEqual(versions.at(-2));
  });
});
