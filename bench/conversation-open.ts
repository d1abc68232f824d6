import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { SyncTurn, UploadBody } from '../common/conversation-schemas.ts';
import { startSoma } from '../e2e/soma-server.ts';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import { stealMeter } from './cpu-steal.ts';
import { type BenchResult, median, percentile, round2 } from './results.ts';
import { serveCommand } from './serve-args.ts';
import { settleBeforeTiming, settleBrowser } from './settle-before-timing.ts';

/** Conversations of this many turns, opened in turn (never the one already shown). */
const TURNS = 200;
const CONVERSATIONS = 6;
/** Openings timed after one untimed: a full run and a quick one. */
const SAMPLES = { full: 30, quick: 5 };
/** The phone as the e2e tests make it: a 390×844 touch screen. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'es-ES' };

/** The last turn's words of conversation `c`: what the page must show for it to be open. */
const lastWords = (c: number) => `fin de la conversación ${c}`;

function turns(c: number): SyncTurn[] {
  return Array.from({ length: TURNS }, (_, i) => ({
    id: `o${c}-${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    // Questions ~80 characters, answers ~400, in a few paragraphs, as a model writes them.
    content:
      i === TURNS - 1
        ? `${'respuesta larga '.repeat(20)}\n\n${lastWords(c)}`
        : i % 2 === 0
          ? `Pregunta ${i}: ${'palabra '.repeat(9)}`
          : `${'Una frase de la respuesta. '.repeat(5)}\n\n- punto uno\n- punto dos\n\n${'Y otra más. '.repeat(8)}`,
    status: 'complete',
    createdAt: 1_700_000_000_000 + c * 10_000 + i,
  }));
}

/**
 * Watches, from before any script of the page, the click on a conversation of the history
 * list and the frame after the wanted last turn first shows under it; calls
 * `somaBenchOpened(ms)`. Nothing of Playwright runs in the page inside that window.
 */
const watchOpening = () => {
  const w = window as unknown as {
    somaOpenWant?: string;
    somaBenchOpened?: (ms: number) => void;
  };
  let clickedAt: number | null = null;
  document.addEventListener(
    'click',
    (e) => {
      if ((e.target as Element | null)?.closest?.('.conversation-item')) {
        clickedAt = performance.now();
      }
    },
    true,
  );
  new MutationObserver(() => {
    const want = w.somaOpenWant;
    if (clickedAt === null || !want) return;
    const answers = document.querySelectorAll('[data-testid="message-assistant"]');
    if (!answers[answers.length - 1]?.textContent?.includes(want)) return;
    const from = clickedAt;
    clickedAt = null;
    w.somaOpenWant = '';
    requestAnimationFrame(() => w.somaBenchOpened?.(performance.now() - from));
  }).observe(document, { childList: true, subtree: true, characterData: true });
};

/**
 * chat.conversation_open_ms: on a phone-sized Chromium page whose copy already holds them,
 * a 200-turn conversation opened from the history list, from the click to the frame after
 * its last turn shows; p95. Its own server, with only these conversations.
 */
export async function benchConversationOpen(
  opts: { quick?: boolean } = {},
): Promise<BenchResult[]> {
  const samples = opts.quick ? SAMPLES.quick : SAMPLES.full;
  const soma = await startSoma({}, { nodeArgs: (await serveCommand()).nodeArgs });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  try {
    // Uploaded with the terminal's session before the page opens, as another device's
    // history the page then syncs (the start-up link stays the page's).
    const { token } = JSON.parse(await readFile(join(soma.configDir, 'cli.json'), 'utf8'));
    const cookie = `soma_session=${token}`;
    for (let c = 0; c < CONVERSATIONS; c += 2) {
      const body: UploadBody = {
        conversations: [c, c + 1].map((k) => ({
          id: `larga-${k}`,
          createdAt: 1_700_000_000_000 + k * 10_000,
          meta: { title: `Conversación larga ${k}`, profile: 'investigador', project: null },
          turns: turns(k),
        })),
      };
      const res = await fetch(`${soma.url}/api/conversations/upload`, {
        method: 'POST',
        headers: { origin: soma.url, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`subida: HTTP ${res.status} ${await res.text()}`);
    }
    await settleBeforeTiming();
    const page = await (await browser.newContext(PHONE)).newPage();
    await settleBrowser();
    let opened: (ms: number) => void = () => undefined;
    await page.exposeBinding('somaBenchOpened', (_source, ms: number) => opened(ms));
    await page.addInitScript(watchOpening);
    await page.goto(soma.loginLink);
    await page.getByTestId('composer').waitFor({ timeout: 120_000 });
    const list = page.getByTestId('conversation-list');
    const item = (c: number) =>
      page.locator('.conversation-item', { hasText: `Conversación larga ${c}` });
    // The first sync brings every conversation into the page's copy (IndexedDB).
    await list.locator('summary').click();
    await item(CONVERSATIONS - 1).waitFor({ timeout: 120_000 });
    await list.locator('summary').click();

    const open = async (c: number): Promise<number> => {
      if (!(await list.evaluate((d) => (d as HTMLDetailsElement).open))) {
        await list.locator('summary').click();
      }
      await item(c).waitFor();
      await page.evaluate((want) => {
        (window as unknown as { somaOpenWant: string }).somaOpenWant = want;
      }, lastWords(c));
      const ms = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no se abrió larga-${c}`)), 60_000);
        opened = (value) => {
          clearTimeout(timer);
          resolve(value);
        };
      });
      await item(c).click();
      return ms;
    };
    await open(0);
    const stolen = stealMeter();
    const times: number[] = [];
    for (let i = 1; i <= samples; i++) times.push(await open(i % CONVERSATIONS));
    const steal = stolen();
    const load = loadavg().map((l) => round2(l));
    return [
      {
        name: 'chat.conversation_open_ms',
        value: round2(percentile(times, 0.95)),
        unit: 'ms',
        note: `p95 of ${samples} openings of a ${TURNS}-turn conversation from the history list on a 390×844 Chromium page (click to the frame after its last turn shows; ${CONVERSATIONS} such conversations, already in the page's copy); median ${round2(median(times))} ms; load average ${load.join(' ')}${steal === null ? '' : `, ${round2(steal)}% CPU stolen`}`,
      },
    ];
  } finally {
    await browser.close();
    await soma.stop();
  }
}
