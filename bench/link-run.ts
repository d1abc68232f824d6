import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ProposalsAnswerSchema } from '../common/proposal-schemas.ts';
import type { Harness } from '../harness/schema.ts';
import { createApp } from '../server/app.ts';
import { LoginTokens } from '../server/auth/login-token.ts';
import { RateLimiter } from '../server/auth/rate-limit.ts';
import { SessionStore } from '../server/auth/session-store.ts';
import { ConversationStore } from '../server/conversations/conversation-store.ts';
import { HarnessStore } from '../server/harness/harness-store.ts';
import { HistoryStore } from '../server/history/history-store.ts';
import { SearchPairStore } from '../server/search-quality/search-pair-store.ts';
import type { Vault } from '../server/vault/vault.ts';
import type { RecordedRequest } from '../testing/server/fake-upstream/fake-upstream.ts';

/**
 * What the links figures share (bench/links.ts at 50 notes, bench/links-10k.ts at 10k):
 * questions asked through the real chat route, their links proposed through the real
 * synapse route, and the names a request's note listing held.
 */

const HOST = '127.0.0.1:4317';
const ORIGIN = `http://${HOST}`;
/** Questions asked per condition in the 50-note run. */
export const QUESTIONS = 24;

/** A small deterministic hash, so every run proposes the same links. */
export function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
}

/** The names a request's system prompt lists (none when it has no listing). */
export function listedNames(req: RecordedRequest, listingPrompt: string): string[] {
  const body = req.body as { messages: { role: string; content: string }[] };
  const system = body.messages[0]?.content ?? '';
  const at = system.indexOf(listingPrompt);
  if (at === -1) return [];
  return (/~{3,}\n([\s\S]*?)\n~{3,}/.exec(system.slice(at))?.[1] ?? '').split('\n').filter(Boolean);
}

/** The questions of the 50-note run: each answer is scripted from its hash. */
const QUESTION_TEXTS = Array.from(
  { length: QUESTIONS },
  (_, q) => `Pregunta ${q}: ¿cómo se relacionan mis notas?`,
);

/**
 * Asks `questions` through the real chat route (the fake upstream answers), then proposes
 * the answer's links through the real synapse route and counts those that resolve.
 */
export async function runCondition(
  base: string,
  vault: Vault,
  upstreamUrl: string,
  listVaultNotes: boolean,
  questions: readonly string[] = QUESTION_TEXTS,
): Promise<{ proposed: number; resolved: number }> {
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const harnessFile = join(base, `soma-${listVaultNotes}.json`);
  const local = { id: 'local', label: 'Local', baseUrl: upstreamUrl, apiKeyEnv: null };
  const provider = { ...local, models: ['m'], timeoutMs: 10_000 };
  const harness: Harness = {
    ...shipped,
    providers: [provider],
    webSearch: { ...shipped.webSearch, provider: 'local' },
    links: { listVaultNotes, excludeFolders: [] },
  };
  await writeFile(harnessFile, JSON.stringify(harness));
  const store = await HarnessStore.open(harnessFile);
  const tokens = new LoginTokens();
  const app = createApp({
    vault,
    harness: store,
    sessions: await SessionStore.open(join(base, `config-${listVaultNotes}`)),
    conversations: await ConversationStore.open(join(base, `config-${listVaultNotes}`)),
    history: new HistoryStore(
      join(base, `config-${listVaultNotes}`),
      () => store.current().writeHistory,
    ),
    searchPairs: await SearchPairStore.open(join(base, `config-${listVaultNotes}`)),
    loginTokens: tokens,
    loginLimiter: new RateLimiter({ max: 5, windowMs: 60_000 }),
    allowedHosts: () => [HOST],
    allowedOrigins: () => [ORIGIN],
    secureCookies: false,
    webRoot: null,
    version: 'bench',
    env: {},
    clientKey: () => 'bench',
  });
  const json = { host: HOST, origin: ORIGIN, 'content-type': 'application/json' };
  const login = await app.request('/api/session', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token: tokens.issue() }),
  });
  const headers = { ...json, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]! };
  let proposed = 0;
  let resolved = 0;
  for (const message of questions) {
    const res = await app.request('/api/chat', {
      method: 'POST',
      headers,
      body: JSON.stringify({ message }),
    });
    const answer = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as { type: string; text?: string })
      .flatMap((e) => (e.type === 'delta' ? [e.text ?? ''] : []))
      .join('');
    const synapses = await app.request('/api/proposals/synapses', {
      method: 'POST',
      headers,
      body: JSON.stringify({ answer }),
    });
    const { proposals } = ProposalsAnswerSchema.parse(await synapses.json());
    proposed += proposals.length;
    resolved += proposals.filter((p) => p.link?.resolved != null).length;
  }
  store.close();
  return { proposed, resolved };
}
