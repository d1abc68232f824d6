import { expect, type Page, test } from '@playwright/test';
import { COMMANDS } from '../common/commands.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { enter, localChain, openSignedIn, sampleNotes } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/** What a new user met on a 390×844 phone, walking every command. */
test.use({ viewport: { width: 390, height: 844 } });

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

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the help table shows what each command does without scrolling sideways', async ({ page }) => {
  await open(page);
  await enter(page, '/ayuda');
  const does = page.getByTestId('help-table').locator('.help-does');
  await expect(does).toHaveCount(COMMANDS.length);
  await does.first().scrollIntoViewIfNeeded();
  await expect(does.first()).toBeInViewport({ ratio: 1 });
  // Nothing inside the table is wider than the panel that holds it.
  const inner = await page
    .locator('.table-scroll')
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(inner).toBeLessThanOrEqual(0);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
});

test('the header search shows its whole placeholder', async ({ page }) => {
  await open(page);
  const box = page.getByTestId('search-box');
  const fits = await box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return false;
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return ctx.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);
});

test('the devices page shows no «Revocar» on the current phone session and stays within the screen', async ({
  page,
}) => {
  await open(page);
  await page.goto(`${soma.url}/#/dispositivos`);
  const mine = page.locator('[data-testid="device"][data-current="true"]');
  await expect(mine.getByTestId('device-current')).toBeVisible();
  await expect(mine.getByTestId('device-revoke')).toHaveCount(0);
  await expect(mine.getByTestId('device-sign-out')).toBeInViewport();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
});

test('«Enviar» keeps its label whole on one line', async ({ page }) => {
  await open(page);
  const send = page.getByTestId('send');
  await expect(send).toBeVisible();
  const fits = await send.evaluate((button) => {
    const style = getComputedStyle(button);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
    const inner =
      button.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return { cut: button.scrollWidth > button.clientWidth, lines: inner / line };
  });
  expect(fits.cut).toBe(false);
  expect(fits.lines).toBeLessThan(1.6);
  await expect(send).toBeInViewport({ ratio: 1 });
});

test('the audit table is laid out for the phone: every cell within the screen', async ({
  page,
}) => {
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
  // No cell runs past the screen's edge, nor hides behind a sideways scroll.
  const outside = await cells.evaluateAll((tds) =>
    tds
      .filter((td) => td.getBoundingClientRect().right > document.documentElement.clientWidth)
      .map((td) => td.textContent),
  );
  expect(outside).toEqual([]);
  const inner = await page
    .locator('[data-testid="audit-view"] .table-scroll')
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(inner).toBeLessThanOrEqual(0);
  // Each value keeps its column's name beside it.
  const names = await cells.evaluateAll((tds) =>
    tds.map((td) => getComputedStyle(td, '::before').content),
  );
  expect(names.slice(0, 5)).toEqual(['"Fecha"', '"Tipo"', '"Ruta"', '"Hash"', '"Dispositivo"']);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
});
