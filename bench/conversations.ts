import type { SyncTurn, UploadBody } from '../common/conversation-schemas.ts';
import { startSoma } from '../e2e/soma-server.ts';
import { seededRandom } from '../testing/server/seeded-random.ts';
import { benchConversationOpen } from './conversation-open.ts';
import { pinToCores } from './pin-to-cores.ts';
import { rssMb } from './process-memory.ts';
import { type BenchResult, median, percentile, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';

/** Conversations and turns each, uploaded through the API as a browser would. */
const CONVERSATIONS = 10_000;
const TURNS = 50;
/** Conversations per upload request (under the 1 MB body limit). */
const BATCH = 25;
/** Listings and openings timed, after one warm-up of each. */
const SAMPLES = 60;
/** How long the server sits after its restart before its idle RSS is read. */
const SETTLE_MS = 3_000;

function conversationTurns(c: number, rnd: () => number): SyncTurn[] {
  return Array.from({ length: TURNS }, (_, i) => ({
    id: `t${c}-${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    // Spanish-like text of ordinary lengths: questions ~80 characters, answers ~400.
    content: 'palabra '.repeat(i % 2 === 0 ? 10 : 30 + Math.floor(rnd() * 40)),
    status: 'complete',
    createdAt: 1_700_000_000_000 + c * 1000 + i,
  }));
}

/**
 * The group: the server's figures over 10k conversations, then a 200-turn conversation
 * opened on a phone-sized page (`chat.conversation_open_ms`, bench/conversation-open.ts).
 * `quick` times fewer openings.
 */
export async function benchConversations(
  opts: { cores?: string; quick?: boolean } = {},
): Promise<BenchResult[]> {
  const server = await benchConversationServer(opts);
  return [...server, ...(await benchConversationOpen(opts))];
}

/**
 * chat.conversation_list_ms (p95 of `GET /api/conversations`, its first page, with 10,000
 * conversations of 50 turns), chat.conversation_list_all_ms (all 10,000 in one answer),
 * chat.conversation_read_ms (p95 of reading one) and
 * server.idle_rss_10k_conversations_mb (RSS of a server restarted over them, idle).
 * The conversations are uploaded through `POST /api/conversations/upload` first (each
 * conversation's log synced once). `cores` pins the server (T460 mode).
 */
async function benchConversationServer(opts: { cores?: string }): Promise<BenchResult[]> {
  const soma = await startSoma({}, { nodeArgs: (await serveCommand()).nodeArgs });
  try {
    const login = async () => {
      const token = new URL(soma.loginLink).hash.replace('#login=', '');
      const res = await fetch(`${soma.url}/api/session`, {
        method: 'POST',
        headers: { origin: soma.url, 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    };
    let cookie = await login();
    const rnd = seededRandom(20_261_204);
    const uploadStart = performance.now();
    for (let from = 0; from < CONVERSATIONS; from += BATCH) {
      const body: UploadBody = {
        conversations: Array.from({ length: Math.min(BATCH, CONVERSATIONS - from) }, (_, k) => ({
          id: `conv-${from + k}`,
          createdAt: 1_700_000_000_000 + (from + k) * 1000,
          meta: { title: `Conversación ${from + k}`, profile: 'investigador', project: null },
          turns: conversationTurns(from + k, rnd),
        })),
      };
      const res = await fetch(`${soma.url}/api/conversations/upload`, {
        method: 'POST',
        headers: { origin: soma.url, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`subida: HTTP ${res.status} ${await res.text()}`);
    }
    const uploadMs = performance.now() - uploadStart;

    // A fresh process over the 10k conversations: start-up reads the index, nothing more.
    await soma.restart();
    const pinned = opts.cores ? `; ${pinToCores(soma.pid, opts.cores)}` : '';
    cookie = await login();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleRss = await rssMb(soma.pid);
    const headers = { origin: soma.url, cookie };

    const time = async (path: string): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${soma.url}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    await time('/api/conversations');
    const list: number[] = [];
    for (let i = 0; i < SAMPLES; i++) list.push(await time('/api/conversations'));
    const all = `/api/conversations?limit=${CONVERSATIONS}`;
    await time(all);
    const listAll: number[] = [];
    for (let i = 0; i < SAMPLES; i++) listAll.push(await time(all));
    const listing = (await (await fetch(`${soma.url}${all}`, { headers })).json()) as {
      conversations: unknown[];
      total: number;
    };
    if (listing.conversations.length !== CONVERSATIONS || listing.total !== CONVERSATIONS) {
      throw new Error(`se listaron ${listing.conversations.length} conversaciones`);
    }
    await time('/api/conversations/conv-0');
    const open: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      open.push(await time(`/api/conversations/conv-${Math.floor(rnd() * CONVERSATIONS)}`));
    }
    const rssAfter = await rssMb(soma.pid);
    const what = `${CONVERSATIONS} conversations × ${TURNS} turns`;
    return [
      {
        name: 'chat.conversation_list_ms',
        value: round2(percentile(list, 0.95)),
        unit: 'ms',
        note: `p95 of ${SAMPLES} GET /api/conversations (the first page, 200 newest) over ${what}; median ${round2(median(list))} ms${pinned}`,
      },
      {
        name: 'chat.conversation_list_all_ms',
        value: round2(percentile(listAll, 0.95)),
        unit: 'ms',
        note: `p95 of ${SAMPLES} GET /api/conversations?limit=${CONVERSATIONS} (all, ~${Math.round(
          JSON.stringify(listing).length / 1024,
        )} KB JSON before gzip: a first full sync) over ${what}; median ${round2(median(listAll))} ms${pinned}`,
      },
      {
        name: 'chat.conversation_read_ms',
        value: round2(percentile(open, 0.95)),
        unit: 'ms',
        note: `p95 of ${SAMPLES} GET /api/conversations/:id of random conversations (${TURNS} turns each, read from disk unless cached); median ${round2(median(open))} ms${pinned}`,
      },
      {
        name: 'server.idle_rss_10k_conversations_mb',
        value: round2(idleRss),
        unit: 'MB',
        note: `VmRSS ${SETTLE_MS / 1000} s after a restart over ${what}; ${round2(rssAfter)} MB after the listings and openings; the upload through the API took ${Math.round(uploadMs / 1000)} s${pinned}`,
      },
    ];
  } finally {
    await soma.stop();
  }
}

/** `npx tsx bench/conversations.ts [--quick]`: the group alone, printed (after `npm run build`). */
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchConversations({ quick: process.argv.includes('--quick') })) {
    process.stdout.write(
      `${r.name.padEnd(40)} ${String(r.value).padStart(9)} ${r.unit}  ${r.note}\n`,
    );
  }
}
