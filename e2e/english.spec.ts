import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Harness } from '../harness/schema.ts';
import type { FakeUpstream } from '../testing/server/fake-upstream/fake-upstream.ts';
import {
  attachByName,
  enter,
  expect,
  fakeChain,
  openSignedIn,
  sampleNotes,
  test,
} from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/**
 * The language switch is complete: in English no Spanish sentence reaches the screen from
 * the server (notices, a fallback, errors, proposal cards) or the help table, and in
 * Spanish no English one does. Names from the vault and the harness are data, not words,
 * and are left out of the check; so is the exact line a synapse would append to the log.
 */

/** Words and marks that only a Spanish sentence carries. */
const SPANISH =
  /[áéíóúñ¿¡«»]|\b(el|la|los|las|del|de|que|se|una|por|para|con|sin|hay|nada|ruta|propuesta|sinapsis|nota|existe|respuesta|proveedor|caracteres|mensajes|pendiente)\b/i;
/** Words that only an English sentence carries. */
const ENGLISH =
  /\b(the|and|of|to|is|not|was|with|could|answer|approve|reject|written|invalid|provider|switched|rate|limit|reached|server|missing|does|exist|proposal|synapse|characters|messages|line|there|pending|yes)\b/i;

/** Vault paths, note names, provider labels and models the test chose: data in any language. */
const DATA = [
  '02_Conciencia/sesiones/sinapsis_log.txt',
  '01_Caracter/Memoria activa.md',
  '00_Entrada/largo.md',
  '03_Proyectos',
  '00_Entrada',
  'Memoria activa',
  'Ghost note',
  'Tesis',
  'Alfa',
  'Beta',
];

/** A long note, cut to the harness limit when attached, and enough names to cut the listing. */
const notes: Record<string, string> = {
  ...sampleNotes,
  '00_Entrada/largo.md': `# Largo\n\n${'lorem ipsum '.repeat(60)}`,
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [`00_Entrada/apunte-${i}-xxxxxxxxxxxx.md`, `# ${i}\n`]),
  ),
};

const shipped: Harness = JSON.parse(readFileSync('harness/soma.json', 'utf8'));

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

type Lang = 'en' | 'es';

/** The text of `locator` without data strings and without exact file content. */
async function words(locator: Locator): Promise<string> {
  const text = await locator.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const content of copy.querySelectorAll('.proposal-content')) content.remove();
    return copy.textContent ?? '';
  });
  return DATA.reduce((t, d) => t.split(d).join(' '), text);
}

/** Fails, naming the text, when it carries a word of the other language. */
async function expectOnly(lang: Lang, locator: Locator, what: string) {
  await expect(locator.first()).toBeVisible();
  for (const one of await locator.all()) {
    const text = await words(one);
    expect(text.trim(), what).not.toBe('');
    expect(text, `${what}: ${text}`).not.toMatch(lang === 'en' ? SPANISH : ENGLISH);
  }
}

async function openIn(page: Page, upstream: FakeUpstream, lang: Lang) {
  const providers = fakeChain(upstream).map((p, i) => ({ ...p, label: i === 0 ? 'Alfa' : 'Beta' }));
  soma = await startSoma(notes, {
    harness: { providers, limits: { ...shipped.limits, attachmentChars: 100 } },
  });
  await openSignedIn(page, soma);
  if (lang === 'en') await page.getByTestId('lang-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** The language's own command names, as a user of that language types them. */
const COMMAND = {
  en: { attach: '/attach', project: '/project', write: '/write', help: '/help' },
  es: { attach: '/unir', project: '/proyecto', write: '/registrar', help: '/ayuda' },
} as const;

for (const lang of ['en', 'es'] as const) {
  test(`in ${lang === 'en' ? 'English' : 'Spanish'}, server messages and help speak only it`, async ({
    page,
    upstream,
  }) => {
    const say = COMMAND[lang];
    await openIn(page, upstream, lang);
    // The first link is rate-limited, so the answer comes from the second after a fallback.
    upstream.setScript((req) =>
      (req.body as { model?: string }).model === 'm1'
        ? { kind: 'status', status: 429, retryAfterSec: 3 }
        : { kind: 'text', chunks: ['[[Memoria activa]] · [[Ghost note]]'] },
    );
    await attachByName(page, `${say.attach} largo`);
    await expect(page.getByTestId('chip')).toHaveCount(1);
    await enter(page, 'Hello');
    const answer = page.getByTestId('message-assistant').last();
    await expect(answer).toHaveAttribute('data-status', 'complete');

    const fallback = answer.getByTestId('fallback');
    await expectOnly(lang, fallback, 'fallback');
    const why = (await fallback.getAttribute('title')) ?? '';
    expect(why).toBe(
      lang === 'en'
        ? 'rate limit reached (you can retry in 3 s)'
        : 'límite de uso alcanzado (se podrá reintentar en 3 s)',
    );
    const notices = answer.locator('.details-notice');
    await expect(notices).toHaveCount(2);
    await expectOnly(lang, notices, 'notice');
    await expect(notices.first()).toContainText(lang === 'en' ? 'was cut' : 'Se recortó');
    await answer.locator('.sent-details > summary').click();
    await expectOnly(lang, answer.getByTestId('sent-list').locator('li'), 'sent list');

    const cards = answer.getByTestId('proposal');
    await expect(cards).toHaveCount(2);
    await expectOnly(lang, cards, 'proposal card');
    // The synapse line is shown as written, save its missing-note marker, which is worded.
    await expect(
      cards.locator('.proposal-content').filter({ hasText: '| [[Ghost note]] |' }),
    ).toContainText(lang === 'en' ? '| (did not exist) |' : '| (no existe) |');

    await enter(page, `${say.project} zzz`);
    await expectOnly(lang, page.getByTestId('command-error'), 'unknown project');
    await enter(page, `${say.write} .obsidian/app.json`);
    await expect(page.getByTestId('command-error')).toContainText(
      lang === 'en' ? 'Invalid path' : 'Ruta no válida',
    );
    await expectOnly(lang, page.getByTestId('command-error'), 'invalid path');

    // Every link fails: the answer lists each one and why.
    upstream.setScript({ kind: 'status', status: 503, message: '503' });
    await enter(page, 'Again');
    const failed = page.getByTestId('message-assistant').last();
    await expect(failed).toHaveAttribute('data-status', 'error');
    const status = failed.locator('.turn-status');
    await expect(status).toContainText(lang === 'en' ? 'No provider could answer' : 'Ningún');
    await expectOnly(lang, status, 'all links failed');

    await enter(page, say.help);
    const help = page.getByTestId('help-table');
    await expectOnly(lang, help.locator('thead'), 'help headings');
    // The first columns are the commands' own names in both languages, by design.
    await expectOnly(lang, help.locator('tbody td:nth-of-type(3)'), 'help: what it does');
    await expectOnly(lang, help.locator('tbody td:nth-of-type(4)'), 'help: example');

    // The name SOMA gave this browser is worded in the reader's language.
    await page.goto(`${soma!.url}/#/dispositivos`);
    const mine = page.locator('[data-testid="device"][data-current="true"]');
    await expect(mine.getByTestId('device-name')).toHaveText(
      lang === 'en' ? /^\S+ on Linux$/ : /^\S+ en Linux$/,
    );

    // A refused harness edit: the banner's details are worded from the server's codes.
    const harnessFile = join(dirname(soma!.configDir), 'soma.json');
    const broken = JSON.parse(readFileSync(harnessFile, 'utf8'));
    broken.profiles.tutor.prompt = 3;
    await writeFile(harnessFile, JSON.stringify(broken));
    const banner = page.getByTestId('harness-banner');
    await expect(banner).toContainText(
      lang === 'en'
        ? '$.profiles.tutor.prompt: expected text (string), got a number'
        : '$.profiles.tutor.prompt: se esperaba texto (string), llegó número',
      { timeout: 15_000 },
    );
    await expectOnly(lang, banner, 'harness banner');
  });
}
