import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

test('the login page and an open note have no serious accessibility violations', async ({
  page,
  soma,
}) => {
  await page.goto(soma.url);
  await expect(page.getByTestId('login-required')).toBeVisible();
  const loginScan = await new AxeBuilder({ page }).analyze();
  expect(
    loginScan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);

  await page.goto(soma.loginLink);
  await page.goto(`${soma.url}/#/nota/${encodeURIComponent('03_Proyectos/Tesis.md')}`);
  await expect(page.getByTestId('note-view')).toContainText('La tesis trata');
  const noteScan = await new AxeBuilder({ page }).analyze();
  expect(
    noteScan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
});
