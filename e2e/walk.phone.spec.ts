import { expect, type Page, test } from '@playwright/test';
import { COMMANDS } from '../common/commands.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../server/testing/fake-upstream/fake-upstream.ts';
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
