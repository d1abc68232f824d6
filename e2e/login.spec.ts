import { expect, test } from './fixtures.ts';

test.describe('start-up link', () => {
  test('without the link SOMA says where to find it and shows no notes', async ({ page, soma }) => {
    await page.goto(soma.url);
    await expect(page.getByTestId('login-required')).toBeVisible();
    await expect(page.getByTestId('vault-tree')).toHaveCount(0);
  });

  test('the page names the address SOMA listens on, not a fixed port', async ({ page, soma }) => {
    await page.goto(soma.url);
    const origin = new URL(soma.url).origin;
    await expect(page.getByTestId('login-required')).toContainText(`${origin}/#login=`);
    await page.getByTestId('lang-switch').click();
    await expect(page.getByTestId('login-required')).toContainText('Copy that link');
    await expect(page.getByTestId('login-required')).toContainText(`${origin}/#login=`);
  });

  test('the link opens the vault and leaves no secret in the address bar', async ({
    page,
    soma,
  }) => {
    await page.goto(soma.loginLink);
    await expect(
      page.getByTestId('vault-tree').getByText('00_Entrada', { exact: true }),
    ).toBeVisible();
    expect(page.url()).not.toContain('login=');
    await page.reload();
    await expect(
      page.getByTestId('vault-tree').getByText('00_Entrada', { exact: true }),
    ).toBeVisible();
  });

  test('a used link does not open a session in another browser', async ({ browser, soma }) => {
    const first = await browser.newContext();
    const p1 = await first.newPage();
    await p1.goto(soma.loginLink);
    await expect(
      p1.getByTestId('vault-tree').getByText('00_Entrada', { exact: true }),
    ).toBeVisible();

    const second = await browser.newContext();
    const p2 = await second.newPage();
    await p2.goto(soma.loginLink);
    await expect(p2.getByTestId('login-required')).toBeVisible();
    await first.close();
    await second.close();
  });

  test('the session cookie is HttpOnly and SameSite=Strict', async ({ page, soma, context }) => {
    await page.goto(soma.loginLink);
    await expect(
      page.getByTestId('vault-tree').getByText('00_Entrada', { exact: true }),
    ).toBeVisible();
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'soma_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    expect(await page.evaluate(() => document.cookie)).not.toContain('soma_session');
  });
});
