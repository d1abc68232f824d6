import { type Proposal, ProposalSchema } from '../../common/proposal-schemas.ts';
import { HOST, ORIGIN, type TestApp } from './test-app.ts';

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
