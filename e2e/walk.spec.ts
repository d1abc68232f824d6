import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { COMMANDS } from '../common/commands.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { enter, localChain, openSignedIn, sampleNotes } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/** What a new user met on a 1366×768 laptop, walking every command. */
test.use({ viewport: { width: 1366, height: 768 } });

let fake: FakeUpstream;
let soma: RunningSoma;
test.beforeAll(async () => {
  fake = await startFakeUpstream({ defaultScript: { kind: 'echo' } });
});
test.afterAll(() => fake.close());
test.afterEach(() => soma.stop());

async function open(page: Page) {
  soma = await startSoma(sampleNotes, { harness: { providers: localChain(fake) } });
  await openSignedIn(page, soma);
}

const mainWidth = async (page: Page) => (await page.locator('#main').boundingBox())?.width ?? 0;

test('the tree folds away to give the conversation the width, and stays folded after a reload', async ({
  page,
}) => {
  await open(page);
  const tree = page.getByTestId('vault-tree');
  await expect(tree).toBeVisible();
  const narrow = await mainWidth(page);
  const toggle = page.getByTestId('tree-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(tree).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => mainWidth(page)).toBeGreaterThan(narrow);
  await page.reload();
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await expect(tree).toBeHidden();
  await toggle.click();
  await expect(tree).toBeVisible();
});

test('/ayuda buscar shows that command, and /modo lists profiles by label', async ({ page }) => {
  await open(page);
  await enter(page, '/ayuda buscar');
  const table = page.getByTestId('help-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('/bus');
  await enter(page, '/ayuda');
  await expect(table.locator('tbody tr')).toHaveCount(COMMANDS.length);
  await enter(page, '/modo');
  await expect(page.getByTestId('command-info')).toContainText('General');
  await expect(page.getByTestId('command-info')).not.toContainText('default');
});

test('panels keep their own scroll: the conversation keeps room under a long help table', async ({
  page,
}) => {
  await open(page);
  await enter(page, 'Hola');
  await expect(page.getByTestId('message-assistant')).toHaveAttribute('data-status', 'complete');
  await enter(page, '/ayuda');
  await expect(page.getByTestId('help-table')).toBeVisible();
  // The composer stays in view and the last answer is not pushed off the screen.
  await expect(page.getByTestId('composer')).toBeInViewport();
  await expect(page.getByTestId('message-assistant').last()).toBeInViewport();
});

test('the current device reads «este dispositivo» with «Salir», no «Revocar», and can be renamed', async ({
  page,
}) => {
  await open(page);
  await page.goto(`${soma.url}/#/dispositivos`);
  const mine = page.locator('[data-testid="device"][data-current="true"]');
  await expect(mine.getByTestId('device-current')).toHaveText('este dispositivo');
  await expect(mine.getByTestId('device-sign-out')).toBeVisible();
  await expect(mine.getByTestId('device-revoke')).toHaveCount(0);
  await mine.getByTestId('device-rename').click();
  await mine.getByTestId('device-name-input').fill('Portátil de casa');
  await mine.getByTestId('device-name-input').press('Enter');
  await expect(mine.getByTestId('device-name')).toHaveText('Portátil de casa');
  await page.reload();
  await expect(mine.getByTestId('device-name')).toHaveText('Portátil de casa');
});

test('the audit table keeps words and hashes whole on a line', async ({ page }) => {
  fake.setScript({ kind: 'text', chunks: ['Una respuesta que guardar.'] });
  await open(page);
  await enter(page, 'Hola');
  await expect(page.getByTestId('message-assistant')).toHaveAttribute('data-status', 'complete');
  await enter(page, '/guardar Prueba');
  await page.getByTestId('proposal-approve').click();
  await expect(page.getByTestId('proposal')).toHaveAttribute('data-state', 'approved');
  fake.setScript({ kind: 'echo' });
  await page.goto(`${soma.url}/#/auditoria`);
  const cells = page.locator('[data-testid="audit-view"] td');
  await expect(cells.first()).toBeVisible();
  // Each cell is one line: no word, path or hash broken across lines.
  const tall = await cells.evaluateAll((tds) =>
    tds
      .filter(
        (td) =>
          td.getBoundingClientRect().height > parseFloat(getComputedStyle(td).lineHeight) * 1.6,
      )
      .map((td) => td.textContent),
  );
  expect(tall).toEqual([]);
});

test('a message sent while the server is down goes back to the composer, not lost', async ({
  page,
}) => {
  await open(page);
  await soma.stop();
  await enter(page, 'Hola sin servidor');
  await expect(page.getByTestId('command-error')).toContainText('No se pudo enviar');
  await expect(page.getByTestId('composer')).toHaveValue('Hola sin servidor');
  await expect(page.getByTestId('message-user')).toHaveCount(0);
});

test('a harness edit that fails validation is shown in the app, and goes once fixed', async ({
  page,
}) => {
  await open(page);
  // startSoma writes the harness beside the config folder.
  const file = join(dirname(soma.configDir), 'soma.json');
  const good = await readFile(file, 'utf8');
  await writeFile(file, '{ "version": 1, "providers": "nada" }');
  const banner = page.getByTestId('harness-banner');
  await expect(banner).toContainText('no es válido', { timeout: 15_000 });
  await expect(banner).toContainText('soma.json');
  await writeFile(file, good);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
});

test('/buscar shows several hits at once on a laptop screen', async ({ page }) => {
  const notes: Record<string, string> = { ...sampleNotes };
  for (let i = 1; i <= 8; i++) {
    notes[`02_Faros/Faro ${i}.md`] =
      `# Faro ${i}\n\nEl faro número ${i} guía a los barcos en la noche; su luz gira sobre la costa rocosa y se ve desde lejos.\n`;
  }
  soma = await startSoma(notes, { harness: { providers: localChain(fake) } });
  await openSignedIn(page, soma);
  await enter(page, '/buscar faro');
  const panel = page.getByTestId('search-results');
  await expect(panel.locator('.hit')).toHaveCount(9);
  // A hit counts when it is wholly inside the panel's visible part, above the attach bar.
  const whole = await panel.evaluate((box) => {
    const view = box.getBoundingClientRect();
    const bar = box.querySelector('.panel-sticky-actions')?.getBoundingClientRect();
    const bottom = Math.min(view.bottom, bar?.top ?? view.bottom);
    return [...box.querySelectorAll('.hit')].filter((hit) => {
      const r = hit.getBoundingClientRect();
      return r.top >= view.top && r.bottom <= bottom + 1;
    }).length;
  });
  expect(whole).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('composer')).toBeInViewport();
});

test('«Lo que se envió» counts the history in messages, not turns', async ({ page }) => {
  await open(page);
  await enter(page, 'Hola');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute(
    'data-status',
    'complete',
  );
  await enter(page, 'Otra pregunta');
  const answer = page.getByTestId('message-assistant').nth(1);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await answer.getByText(/Lo que se envió/).click();
  const sent = answer.getByTestId('sent-list');
  // The question and the answer before: two messages, one turn.
  await expect(sent).toContainText('2 mensajes');
  await expect(sent).not.toContainText('turnos');
});
