import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../common/history-schemas.ts';
import { HistoryStore, type PruneStep } from './history-store.ts';

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const DAY = 24 * 60 * 60_000;
const T0 = Date.UTC(2026, 11, 4, 12);
const STEPS: PruneStep[] = ['copied', 'packed', 'switched'];

const here = (f: string) => pathToFileURL(path.join(import.meta.dirname, f)).href;
/**
 * The child: a prune 100 days later that records one more write once it has copied (as
 * a write arriving meanwhile would), and kills itself after `step`.
 */
const CHILD = `
import { createHash } from 'node:crypto';
import { HistoryStore } from ${JSON.stringify(here('./history-store.ts'))};
const [config, step] = process.argv.slice(1);
const sha = (d) => createHash('sha256').update(d).digest('hex');
const now = ${T0} + 100 * ${DAY};
const store = new HistoryStore(config, () => ({ keepDays: 30, maxMegabytes: 200 }), () => now, {
  pruneStep: async (s) => {
    if (s === 'copied') {
      const [b, a] = [Buffer.from('x-1'), Buffer.from('x-2')];
      await store.record({ id: 'meanwhile', time: new Date(now).toISOString(), kind: 'write',
        path: 'x.md', session: { id: 's', label: 'prueba' }, before: sha(b), after: sha(a) },
        { before: b, after: a });
    }
    if (s === step) process.kill(process.pid, 'SIGKILL');
  },
});
await store.prune();
`;

function runChild(config: string, step: PruneStep): Promise<void> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CHILD, config, step],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (d) => {
    errors += String(d);
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the prune was not killed where planned: ${errors}`));
    });
  });
}

function entry(id: string, rel: string, before: string | null, after: string | null) {
  const e: HistoryEntry = {
    id,
    time: new Date(T0).toISOString(),
    kind: 'write',
    path: rel,
    session: { id: 's', label: 'prueba' },
    before: before && sha(before),
    after: after && sha(after),
  };
  return e;
}

describe('HistoryStore prune under SIGKILL at each step', () => {
  let config: string;
  beforeEach(async () => {
    config = await mkdtemp(path.join(tmpdir(), 'soma-prune-crash-'));
  });
  afterEach(async () => {
    await rm(config, { recursive: true, force: true });
  });

  it.each(STEPS)('loses no version a kept write needs when killed after %s', async (step) => {
    const s = new HistoryStore(
      config,
      () => ({ keepDays: 30, maxMegabytes: 200 }),
      () => T0,
    );
    const log = ['línea 0\n', 'línea 0\nlínea 1\n', 'línea 0\nlínea 1\nlínea 2\n'];
    await s.record(entry('x0', 'x.md', null, 'x-0'), {
      before: null,
      after: Buffer.from('x-0'),
    });
    await s.record(entry('x1', 'x.md', 'x-0', 'x-1'), {
      before: Buffer.from('x-0'),
      after: Buffer.from('x-1'),
    });
    await s.record(entry('log0', 'log.txt', null, log[0] ?? ''), {
      before: null,
      after: Buffer.from(log[0] ?? ''),
    });
    for (const i of [1, 2]) {
      const [b, a] = [Buffer.from(log[i - 1] ?? ''), Buffer.from(log[i] ?? '')];
      await s.record(entry(`log${i}`, 'log.txt', log[i - 1] ?? '', log[i] ?? ''), {
        before: b,
        after: a,
        appended: a.length - b.length,
      });
    }
    await s.pruned();
    await runChild(config, step);

    const after = new HistoryStore(config, () => ({ keepDays: 30, maxMegabytes: 200 }));
    const x = (await after.entries('x.md')).map((e) => e.id);
    const logIds = (await after.entries('log.txt')).map((e) => e.id);
    // Before the switch the old index stands whole; after it, the pruned one.
    const switched = step === 'switched';
    expect(x).toEqual(switched ? ['x1', 'meanwhile'] : ['x0', 'x1', 'meanwhile']);
    expect(logIds).toEqual(switched ? ['log2'] : ['log0', 'log1', 'log2']);
    for (const e of [...(await after.entries('x.md')), ...(await after.entries('log.txt'))]) {
      for (const h of [e.before, e.after]) if (h) expect(await after.blob(h), e.id).not.toBeNull();
    }
    // A later prune on the same folder finishes the job and still reads them all.
    await after.prune();
    const last = new HistoryStore(config, () => ({ keepDays: 30, maxMegabytes: 200 }));
    expect(await last.blob(sha(log[2] ?? ''))).toEqual(Buffer.from(log[2] ?? ''));
    expect(await last.blob(sha('x-2'))).toEqual(Buffer.from('x-2'));
  });
});
