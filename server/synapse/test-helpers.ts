import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Proposal, ProposalSchema } from '../../common/synapse-schemas.ts';
import { HOST, ORIGIN, type TestApp } from '../testing/test-app.ts';

/**
 * Every file under `root` (hidden ones and symlinks included) → SHA-256 of its bytes,
 * so a test can assert that a refusal left the vault byte-for-byte unchanged.
 */
export async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      const rel = path.relative(root, abs);
      if (e.isDirectory()) {
        out[`${rel}/`] = 'dir';
        await walk(abs);
      } else if (e.isSymbolicLink()) out[rel] = 'symlink';
      else
        out[rel] = createHash('sha256')
          .update(await readFile(abs))
          .digest('hex');
    }
  };
  await walk(root);
  return out;
}

/** Requests as the PWA makes them: right Host and Origin, the session cookie, JSON. */
export function apiClient(ctx: TestApp, cookie: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    host: HOST,
    origin: ORIGIN,
    cookie,
    'content-type': 'application/json',
    ...extra,
  });
  return {
    post: (route: string, body: unknown, extra?: Record<string, string>) =>
      ctx.app.request(`/api/proposals${route}`, {
        method: 'POST',
        headers: headers(extra),
        body: JSON.stringify(body),
      }),
    get: (route: string) => ctx.app.request(`/api/proposals${route}`, { headers: headers() }),
    /** Makes a proposal and returns it parsed (fails the test on any other answer). */
    async propose(route: string, body: unknown): Promise<Proposal> {
      const res = await this.post(route, body);
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
      return ProposalSchema.parse(((await res.json()) as { proposal: unknown }).proposal);
    },
    confirm(p: Pick<Proposal, 'id' | 'signature'>, extra: Record<string, unknown> = {}) {
      return this.post(`/${p.id}/confirm`, { signature: p.signature, ...extra });
    },
  };
}

export async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}
