import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATH, SYNAPSE_LOG_PATH } from '../../common/proposal-schemas.ts';
import { HistoryStore } from '../history/history-store.ts';
import { sha256Hex } from '../vault/current-file.ts';
import { readAudit } from './audit-log.ts';
import { type LandDeps, landWrite } from './land-write.ts';
import type { StoredProposal } from './proposal-store.ts';
import { appendLine, removeFile, stageAtomic } from './vault-writer.ts';

const session = { id: 's1', label: 'portátil' };

function synapse(id: string, line: string): StoredProposal {
  return {
    id,
    kind: 'synapse',
    sessionId: session.id,
    path: SYNAPSE_LOG_PATH,
    mode: 'append',
    content: line,
    contentHash: sha256Hex(line),
    baseHash: null,
    expiresAt: Number.POSITIVE_INFINITY,
    preview: { type: 'full', text: line },
    state: 'spent',
  };
}

describe('landWrite of a line on a log', () => {
  let base: string;
  let root: string;
  let deps: LandDeps;
  const abs = (rel: string) => path.join(root, ...rel.split('/'));
  const packBytes = async (dir: string) => {
    let bytes = 0;
    for (const n of await readdir(dir)) {
      if (n.startsWith('pack-')) bytes += (await stat(path.join(dir, n))).size;
    }
    return bytes;
  };
  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'soma-land-'));
    root = path.join(base, 'vault');
    await mkdir(path.dirname(abs(SYNAPSE_LOG_PATH)), { recursive: true });
    deps = {
      root,
      history: new HistoryStore(path.join(base, 'config'), () => ({
        keepDays: 90,
        maxMegabytes: 200,
      })),
      writer: { stageAtomic, appendLine, removeFile },
      audit: (entry) => appendLine(root, AUDIT_LOG_PATH, JSON.stringify(entry)).then(() => {}),
      log: () => {},
    };
  });
  afterEach(async () => {
    await (deps.history as HistoryStore).pruned();
    await rm(base, { recursive: true, force: true });
  });

  it('keeps the line, not the log again, and starts it on its own line after a torn one', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `2026-12-04 | línea ${i}\n`).join('');
    await appendFile(abs(SYNAPSE_LOG_PATH), lines);
    const first = await landWrite(deps, synapse('p1', 'primera'), { time: 1, session });
    if (!('written' in first)) throw new Error('not written');
    const history = deps.history as HistoryStore;

    // A crash cut the log's last line and the audit log's: both lose only that line.
    await appendFile(abs(SYNAPSE_LOG_PATH), '2026-12-04 | cortad');
    await appendFile(abs(AUDIT_LOG_PATH), '{"id":"cortada","ki');
    const second = await landWrite(deps, synapse('p2', 'segunda'), { time: 2, session });
    if (!('written' in second)) throw new Error('not written');

    const log = await readFile(abs(SYNAPSE_LOG_PATH));
    expect(log.toString('utf8').endsWith('primera\n2026-12-04 | cortad\nsegunda\n')).toBe(true);
    // The history names the log as it is on disk, and reads it back.
    expect(second.after).toBe(sha256Hex(log));
    expect(await history.blob(second.after ?? '')).toEqual(log);
    // The log changed outside SOMA (the cut line): that version is kept once, whole; the
    // next line costs its own bytes only.
    const kept = await packBytes(history.dir);
    const third = await landWrite(deps, synapse('p3', 'tercera'), { time: 3, session });
    if (!('written' in third)) throw new Error('not written');
    expect((await packBytes(history.dir)) - kept).toBe('tercera\n'.length);
    expect(await history.blob(third.before ?? '')).toEqual(log);
    const audit = await readAudit(root);
    expect(audit.entries.map((e) => e.id)).toEqual(['p3', 'p2', 'p1']);
    expect(audit.broken).toBe(1);
  });
});
