import { expect, test } from './fixtures.ts';

test('on a phone the tree is a drawer and a note reads without sideways scrolling', async ({
  page,
  soma,
}) => {
  await page.goto(soma.loginLink);
  // Wait for the signed-in app: a route change while it settles closes the drawer again.
  await expect(page.getByTestId('chat-view')).toBeVisible();
  const toggle = page.getByTestId('tree-toggle');
  await expect(toggle).toBeVisible();
  const tree = page.getByTestId('vault-tree');
  await expect(async () => {
    if (!(await tree.isVisible())) await toggle.click();
    await expect(tree.getByText('04_Sueños', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await tree.getByText('04_Sueños', { exact: true }).click();
  await tree.getByText('Sueño del faro', { exact: true }).click();
  const view = page.getByTestId('note-view');
  await expect(view).toContainText('Un faro en la niebla.');
  await expect(tree).toBeHidden();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
