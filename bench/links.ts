import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProposalsAnswerSchema } from '../common/synapse-schemas.ts';
import type { Harness } from '../harness/schema.ts';
import { createApp } from '../server/app.ts';
import { LoginTokens } from '../server/auth/login-token.ts';
import { RateLimiter } from '../server/auth/rate-limit.ts';
import { SessionStore } from '../server/auth/session-store.ts';
import { ConversationStore } from '../server/conversations/conversation-store.ts';
import { HarnessStore } from '../server/harness/harness-store.ts';
import { HistoryStore } from '../server/history/history-store.ts';
import { SearchPairStore } from '../server/search-quality/search-pair-store.ts';
import {
  type RecordedRequest,
  type Script,
  startFakeUpstream,
} from '../server/testing/fake-upstream/fake-upstream.ts';
import { Vault } from '../server/vault/vault.ts';
import { ensureVault } from '../server/vault/vault-init.ts';
import { benchLinks10k } from './links-10k.ts';
import { type BenchResult, round2 } from './results.ts';

const HOST = '127.0.0.1:4317';
const ORIGIN = `http://${HOST}`;
/** Questions asked per condition; each answer proposes LINKS_PER_ANSWER links. */
const QUESTIONS = 24;
const LINKS_PER_ANSWER = 3;
/** Notes in the generated vault. */
const NOTES = 50;

const HEADS = [
  'Memoria',
  'Atención',
  'Hábito',
  'Sueño',
  'Lectura',
  'Escritura',
  'Proyecto',
  'Método',
];
const TAILS = [
  'de trabajo',
  'activa',
  'profunda',
  'y descanso',
  'diaria',
  'espaciada',
  'lenta',
  'crítica',
];
/** Topics a model invents from when it cannot see the vault: the vault's plus plausible others. */
const INVENTED_TAILS = [
  ...TAILS,
  'a largo plazo',
  'consciente',
  'en red',
  'semántica',
  'episódica',
];

/** A small deterministic hash, so every run proposes the same links. */
export function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
}

const noteNames = Array.from({ length: HEADS.length * TAILS.length }, (_, i) => {
  return `${HEADS[i % HEADS.length]} ${TAILS[Math.floor(i / HEADS.length)]}`;
}).slice(0, NOTES);

/** The names a request's system prompt lists (none when it has no listing). */
export function listedNames(req: RecordedRequest, listingPrompt: string): string[] {
  const body = req.body as { messages: { role: string; content: string }[] };
  const system = body.messages[0]?.content ?? '';
  const at = system.indexOf(listingPrompt);
  if (at === -1) return [];
  return (/~{3,}\n([\s\S]*?)\n~{3,}/.exec(system.slice(at))?.[1] ?? '').split('\n').filter(Boolean);
}

/** The "model": names from the note listing when its system prompt has one, else invented ones. */
function linkingModel(listingPrompt: string) {
  return (req: RecordedRequest): Script => {
    const body = req.body as { messages: { role: string; content: string }[] };
    const question = body.messages.at(-1)?.content ?? '';
    const listed = listedNames(req, listingPrompt);
    const seed = hash(question);
    const names = Array.from({ length: LINKS_PER_ANSWER }, (_, k) => {
      const n = (seed >>> (k * 5)) + k * 7;
      if (listed.length > 0) return listed[n % listed.length];
      return `${HEADS[n % HEADS.length]} ${INVENTED_TAILS[(n >>> 3) % INVENTED_TAILS.length]}`;
    });
    const text = `Sobre «${question}»: ${names.map((n) => `[[${n}]]`).join(', ')}.`;
    return { kind: 'text', chunks: [text] };
  };
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

/**
 * synapse.links_resolved_with_listing / _without_listing: the share of `[[links]]` a
 * scripted model proposes that resolve to a real note, with and without the harness's
 * note listing (`links.listVaultNotes`), through the real chat and synapse routes.
 */
export async function benchLinks(): Promise<BenchResult[]> {
  const base = await mkdtemp(join(tmpdir(), 'soma-bench-links-'));
  const root = join(base, 'vault');
  await ensureVault(root);
  for (const [i, name] of noteNames.entries()) {
    const folder = join(root, ['01_Caracter', '03_Proyectos', '00_Entrada'][i % 3]!);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${name}.md`), `# ${name}\n`);
  }
  const vault = new Vault(root);
  await vault.start();
  await vault.ready();
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const upstream = await startFakeUpstream();
  upstream.setScript(linkingModel(shipped.prompts.vaultListing));
  try {
    const on = await runCondition(base, vault, upstream.url, true);
    const off = await runCondition(base, vault, upstream.url, false);
    const share = (r: { proposed: number; resolved: number }) =>
      round2((100 * r.resolved) / Math.max(1, r.proposed));
    const note = (r: { proposed: number; resolved: number }) =>
      `${r.resolved} of ${r.proposed} proposed links resolved; ${QUESTIONS} scripted answers over a generated vault of ${noteNames.length} notes (fake upstream)`;
    return [
      ...(await benchLinks10k(base, upstream)),
      {
        name: 'synapse.links_resolved_with_listing',
        value: share(on),
        unit: '%',
        baseline: { name: 'synapse.links_resolved_without_listing', value: share(off) },
        note: note(on),
      },
      {
        name: 'synapse.links_resolved_without_listing',
        value: share(off),
        unit: '%',
        note: note(off),
      },
    ];
  } finally {
    await upstream.close();
    await vault.close();
    await rm(base, { recursive: true, force: true });
  }
}
