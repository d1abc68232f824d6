import { expect, openSignedIn, test, twoFrames } from './fixtures.ts';

/**
 * Offline means the server does not answer, whatever the browser thinks of the network:
 * a laptop with no network interface (a train, a local model) still has its server on
 * loopback. Chromium then reports `navigator.onLine` false and fires `offline`; the page
 * here is told the same, while every request still reaches the server.
 */
test('with no network interface but the server on loopback, nothing says «Sin conexión»', async ({
  page,
  soma,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false });
  });
  await openSignedIn(page, soma);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.getByTestId('vault-tree').getByText('03_Proyectos', { exact: true }).click();
  await expect(page.getByTestId('vault-tree').getByText('Tesis', { exact: true })).toBeVisible();
  await twoFrames(page);
  for (const id of ['offline-banner', 'offline-home', 'error-banner']) {
    await expect(page.getByTestId(id), id).toHaveCount(0);
  }
  await expect(page.getByTestId('composer')).toBeEnabled();
});

test('when the server stops answering, one notice says so, and it goes when the server is back', async ({
  page,
  soma,
}) => {
  await openSignedIn(page, soma);
  // The vault's tree first: on a busy machine it may still be loading when the server goes.
  await expect(
    page.getByTestId('vault-tree').getByText('04_Sueños', { exact: true }),
  ).toBeVisible();
  // The server stops answering this page (a phone that walked out of the Wi-Fi).
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  // Nothing asked for yet: the browser's `offline` event makes the page ask the server.
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  const notice = page.getByTestId('offline-banner');
  await expect(notice).toBeVisible();
  // A request that fails now (a folder opened) says nothing more: the notice already did.
  await page.getByTestId('vault-tree').getByText('04_Sueños', { exact: true }).click();
  await twoFrames(page);
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await page.unrouteAll();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('composer')).toBeEnabled();
});
