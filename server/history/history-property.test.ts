import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '../../common/proposal-schemas.ts';
import { apiClient } from '../../testing/server/proposals-client.ts';
import { seedFromEnv } from '../../testing/server/seeded-random.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';

/** `SOMA_HISTORY_SEED=n` replays or varies the run. */
const SEED = seedFromEnv('SOMA_HISTORY_SEED', 20_261_204);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Text SOMA may write: CRLF, a BOM, empty, any code point, and one large note. */
const somaText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ maxLength: 40 }).map((s) => `${s}\r\n${s}\r\n`),
  fc.string({ maxLength: 40 }).map((s) => `\ufeff${s}`),
  fc.constant(''),
  // Large but few lines: the proposal's diff stays cheap.
  fc.string({ maxLength: 20 }).map((s) => `${'ñ'.repeat(40_000)}\n${s}`),
);
/** Bytes the user's editor may leave: anything, invalid UTF-8 included; or no file. */
const outsideBytes = fc.oneof(
  fc.uint8Array({ maxLength: 80 }).map((a) => Buffer.from(a)),
  fc.constant(Buffer.from([0xef, 0xbb, 0xbf, 0x0d, 0x0a, 0xc3])),
  fc.constant(null),
);
const step = fc.oneof(
  fc.record({ op: fc.constant('soma' as const), text: somaText }),
  fc.record({ op: fc.constant('outside' as const), bytes: outsideBytes }),
  fc.record({ op: fc.constant('restore' as const), pick: fc.nat() }),
);

describe('write history (property)', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiClient>;
  let cookie: string;
  let run = 0;
  beforeAll(async () => {
    ctx = await buildTestApp();
    await mkdir(path.join(ctx.vault.root, 'prop'));
    cookie = await ctx.login();
    api = apiClient(ctx, cookie);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (route: string) =>
    ctx.app.request(`/api/history${route}`, { headers: { host: HOST, origin: ORIGIN, cookie } });

  async function approve(p: Proposal) {
    const overwrite = p.mode === 'overwrite' || p.mode === 'remove';
    const res = await api.confirm(p, { overwrite });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it('keeps every approved version recoverable byte for byte, through writes and restores', async () => {
    await fc.assert(
      // Each run starts from the user's own file (or none), then writes, edits and restores.
      fc.asyncProperty(
        outsideBytes,
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (first, rest) => {
          const steps = [{ op: 'outside' as const, bytes: first }, ...rest];
          const rel = `prop/nota-${run++}.md`;
          const abs = path.join(ctx.vault.root, ...rel.split('/'));
          const current = () => readFile(abs).catch(() => null);
          /** Every version on disk right before or after an approved write, by hash. */
          const versions = new Map<string, Buffer>();
          const keep = (b: Buffer | null) => b && versions.set(sha(b), b);
          for (const s of steps) {
            if (s.op === 'outside') {
              if (s.bytes) await writeFile(abs, s.bytes).catch(() => {});
              else await rm(abs, { force: true });
              continue;
            }
            let p: Proposal;
            let expected: Buffer;
            if (s.op === 'soma') {
              p = await api.propose('/write', { path: rel, content: s.text });
              expected = Buffer.from(s.text);
            } else {
              const known = [...versions.values()];
              const pick = known[s.pick % Math.max(1, known.length)];
              if (!pick) continue;
              p = await api.propose('/restore', { path: rel, version: sha(pick) });
              expected = pick;
            }
            keep(await current());
            await approve(p);
            const now = await current();
            expect(now).toEqual(expected);
            keep(now);
          }
          for (const [hash, bytes] of versions) {
            const v = await get(`/version?path=${encodeURIComponent(rel)}&hash=${hash}`);
            expect(v.status).toBe(200);
            expect(Buffer.from(await v.arrayBuffer())).toEqual(bytes);
          }
        },
      ),
      { seed: SEED, numRuns: 15 },
    );
  });
});
