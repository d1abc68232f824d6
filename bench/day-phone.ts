import { readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';

/**
 * The phone of the day bench: a 390×844 context of a Chromium of its own, paired with SOMA
 * over its LAN listener (HTTPS, `soma.test` mapped to 127.0.0.1 by the browser's
 * host-resolver rule, the server's key trusted by its SPKI) the way a user pairs one:
 * the laptop asks for a code, the phone opens the link and asks, the laptop approves.
 */

/** The name the phone reaches the LAN listener by (the browser maps it to 127.0.0.1). */
export const PHONE_HOST = 'soma.test';
/** How long a phone's visit may take to show an answer before it counts as dropped. */
export const PHONE_VISIT_TIMEOUT_MS = 60_000;

/** Chromium flags that let the phone reach and trust the LAN listener. */
export function phoneChromiumArgs(spki: string): string[] {
  return [
    `--host-resolver-rules=MAP ${PHONE_HOST} 127.0.0.1`,
    `--ignore-certificate-errors-spki-list=${spki}`,
  ];
}

/** The LAN listener's address and certificate key, read from the server's start-up output. */
export function lanFromOutput(output: string): { lanUrl: string; spki: string } {
  const lanUrl = /(https:\/\/soma\.test:\d+)/.exec(output)?.[1];
  const spki = /SPKI del certificado \(SHA-256, base64\): (\S+)/.exec(output)?.[1];
  if (!lanUrl || !spki) throw new Error(`bench day: el servidor no abrió la LAN:\n${output}`);
  return { lanUrl, spki };
}

/** The phone's browser: its own Chromium, and the pid its memory is counted from. */
export interface PhoneBrowser {
  browser: Browser;
  pid: number;
  close: () => Promise<void>;
}

/**
 * Launches the phone's Chromium under the idle scheduling policy (`chrt --idle 0`; a nice
 * value would not hold: Chromium run as root sets its processes' own). The phone is another
 * device: its page work (rendering, its own search index) runs on the phone's CPU, not on
 * the laptop's. Here it has to share this machine's cores, so it takes only what the laptop
 * leaves; what SOMA's server does for it (the LAN listener's TLS, its sync answers) runs at
 * the server's own priority and is counted in the laptop's figures, as it would be.
 *
 * The policy alone is not enough where the kernel groups processes by session (autogroup,
 * on by default in desktop kernels, and here): Playwright starts each browser in a session
 * of its own, the kernel shares the CPU between groups first, and a group whose threads
 * all run under SCHED_IDLE still gets a whole group's share. So once paired and synced,
 * its group is lowered to nice 19 (`lowerPhoneGroup`), the least a group can ask for.
 * Without it, a T460 day gave the phone a third of a core and more while the model waited
 * (bench/diagnostics/thread-cpu.ts).
 */
export async function launchPhoneBrowser(spki: string): Promise<PhoneBrowser> {
  const dir = await mkdtemp(join(tmpdir(), 'soma-bench-phone-'));
  const wrapper = join(dir, 'chromium-idle');
  await writeFile(wrapper, `#!/bin/sh\nexec chrt --idle 0 "${CHROMIUM}" "$@"\n`);
  await chmod(wrapper, 0o755);
  const server = await chromium.launchServer({
    executablePath: wrapper,
    args: [...chromiumArgs, ...phoneChromiumArgs(spki)],
  });
  const pid = server.process().pid;
  if (pid === undefined) throw new Error('bench day: el navegador del teléfono no arrancó');
  const browser = await chromium.connect(server.wsEndpoint());
  return {
    browser,
    pid,
    close: async () => {
      await browser.close().catch(() => {});
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Lowers the phone's session group to nice 19, after its first sync: lowered from its
 * start, that sync (untimed) could wait a minute and more on a host busy with other work.
 */
export function lowerPhoneGroup(phonePid: number): void {
  try {
    writeFileSync(`/proc/${phonePid}/autogroup`, '19');
  } catch {
    // No session groups here (autogroup off): SCHED_IDLE alone holds then.
  }
}

/**
 * Where the kernel shares the CPU between sessions first (autogroup), the groups of the
 * server and of the phone's browser, for the figures' notes.
 */
export function sessionGroups(serverPid: number, phonePid: number): string {
  const group = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const server = group(serverPid);
  const phone = group(phonePid);
  if (server === null || phone === null) return 'no session groups (autogroup off)';
  return `session groups (autogroup): the server's ${server}, the phone's ${phone}`;
}

/** A fetch from the laptop's page (its session cookie, its origin), answering JSON or nothing. */
async function laptopFetch(laptop: Page, path: string, method = 'GET'): Promise<unknown> {
  return laptop.evaluate(
    async (args) => {
      const res = await fetch(args.path, { method: args.method });
      if (!res.ok) throw new Error(`${args.method} ${args.path}: HTTP ${res.status}`);
      return res.status === 204 ? null : res.json();
    },
    { path, method },
  );
}

/** Pairs a new phone context through the laptop's page; returns it signed in. */
export async function pairPhone(
  browser: Browser,
  laptop: Page,
  lanUrl: string,
): Promise<BrowserContext> {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  const pairing = (await laptopFetch(laptop, '/api/pairing', 'POST')) as {
    id: string;
    url: string;
  };
  if (!pairing.url.startsWith(`${lanUrl}/pair#`)) {
    throw new Error(`bench day: enlace de emparejado inesperado ${pairing.url}`);
  }
  const page = await phone.newPage();
  await page.goto(pairing.url);
  await page.getByLabel('Nombre de este dispositivo').fill('Teléfono del bench');
  await page.getByRole('button', { name: 'Pedir acceso' }).click();
  for (let i = 0; ; i++) {
    const p = (await laptopFetch(laptop, `/api/pairing/${pairing.id}`)) as { status: string };
    if (p.status === 'pending') break;
    if (i > 100) throw new Error(`bench day: el emparejado no llegó (${p.status})`);
    await page.waitForTimeout(100);
  }
  await laptopFetch(laptop, `/api/pairing/${pairing.id}/approve`, 'POST');
  await page.waitForURL(`${lanUrl}/#/`, { timeout: 30_000 });
  await page.close();
  return phone;
}

/**
 * One visit of the phone: opens SOMA over the LAN, lets it sync, and searches `q` as soon as
 * the box is there; returns ms from opening to the answer shown (its first sync included when
 * it has none yet). The page is closed after, as a phone's browser is put away.
 */
export async function phoneVisit(
  phone: BrowserContext,
  lanUrl: string,
  q: string,
): Promise<number> {
  const page = await phone.newPage();
  try {
    const t0 = Date.now();
    try {
      await page.goto(`${lanUrl}/#/`);
      await page.getByTestId('search-box').fill(q, { timeout: PHONE_VISIT_TIMEOUT_MS });
      await page
        .locator(`[data-testid="search-summary"][data-query="${q}"]`)
        .waitFor({ timeout: PHONE_VISIT_TIMEOUT_MS });
    } catch (error) {
      // What the phone showed instead, so a lost visit says why.
      const shown = await page
        .evaluate(
          () =>
            `${location.hash} «${(document.body.textContent ?? '').replace(/\s+/g, ' ').slice(0, 200)}»`,
        )
        .catch(() => 'the page could not be read');
      throw new Error(
        `${error instanceof Error ? error.message.split('\n')[0] : error}; the page: ${shown}`,
      );
    }
    return Date.now() - t0;
  } finally {
    await page.close();
  }
}
