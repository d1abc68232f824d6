import { rm } from 'node:fs/promises';
import { VAULT_FOLDERS } from '../server/vault/vault-init.ts';
import { expect, sampleNotes, test } from './fixtures.ts';
import { startSoma } from './soma-server.ts';

test.describe('reading the vault', () => {
  test.beforeEach(async ({ page, soma }) => {
    await page.goto(soma.loginLink);
    await expect(
      page.getByTestId('vault-tree').getByText('00_Entrada', { exact: true }),
    ).toBeVisible();
  });

  test('the tree shows the seven vault folders', async ({ page }) => {
    const tree = page.getByTestId('vault-tree');
    const topLevel = VAULT_FOLDERS.filter((f) => !f.includes('/'));
    expect(topLevel).toHaveLength(7);
    for (const folder of topLevel) {
      await expect(tree.getByText(folder, { exact: true })).toBeVisible();
    }
  });

  test('a note opens rendered and its link leads to the linked note', async ({ page }) => {
    const tree = page.getByTestId('vault-tree');
    await tree.getByText('03_Proyectos', { exact: true }).click();
    await tree.getByText('Tesis', { exact: true }).click();
    const view = page.getByTestId('note-view');
    await expect(view.locator('.note-title')).toHaveText('Tesis');
    await view.getByRole('link', { name: 'Memoria activa' }).click();
    await expect(view.locator('.note-title')).toHaveText('Memoria activa');
    expect(decodeURIComponent(page.url())).toContain('01_Caracter/Memoria activa.md');
  });

  test('a link to a missing note looks different and leads nowhere', async ({ page }) => {
    await page.goto(
      `${new URL(page.url()).origin}/#/nota/${encodeURIComponent('03_Proyectos/Tesis.md')}`,
    );
    const missing = page.getByTestId('note-view').locator('.wikilink-missing');
    await expect(missing).toHaveText('Nota inexistente');
    await expect(missing).not.toHaveAttribute('href', /.+/);
  });

  test('a note written by another program appears without a reload', async ({ page, soma }) => {
    await soma.writeNote('00_Entrada/Idea nueva.md', '# Idea nueva\n\nDesde otro editor.\n');
    const tree = page.getByTestId('vault-tree');
    await tree.getByText('00_Entrada', { exact: true }).click();
    await expect(tree.getByText('Idea nueva', { exact: true })).toBeVisible();
  });

  test('an open folder takes new and deleted notes in place, and keyboard focus stays', async ({
    page,
    soma,
  }) => {
    const tree = page.getByTestId('vault-tree');
    await tree.getByText('03_Proyectos', { exact: true }).click();
    const tesis = tree.getByRole('link', { name: 'Tesis', exact: true });
    await tesis.focus();
    await page.evaluate(() => {
      (window as unknown as { row: Element | null }).row = document.activeElement;
    });
    await soma.writeNote('03_Proyectos/Otra idea.md', '# Otra idea\n');
    await expect(tree.getByRole('link', { name: 'Otra idea', exact: true })).toBeVisible();
    await rm(`${soma.vault}/03_Proyectos/Otra idea.md`);
    await expect(tree.getByRole('link', { name: 'Otra idea', exact: true })).toHaveCount(0);
    // The unchanged row is the same element, still focused: the tree was not rebuilt.
    expect(
      await page.evaluate(
        () => (window as unknown as { row: Element | null }).row === document.activeElement,
      ),
    ).toBe(true);
    await expect(tesis).toBeFocused();
  });

  test('an open note edited by another program shows the new text', async ({ page, soma }) => {
    await page.goto(
      `${new URL(page.url()).origin}/#/nota/${encodeURIComponent('04_Sueños/Sueño del faro.md')}`,
    );
    const view = page.getByTestId('note-view');
    await expect(view).toContainText('Un faro en la niebla.');
    await soma.writeNote('04_Sueños/Sueño del faro.md', '# Sueño del faro\n\nEl faro se apagó.\n');
    await expect(view).toContainText('El faro se apagó.');
  });

  test('a note deleted while open is reported as gone', async ({ page, soma }) => {
    await page.goto(
      `${new URL(page.url()).origin}/#/nota/${encodeURIComponent('04_Sueños/Sueño del faro.md')}`,
    );
    await expect(page.getByTestId('note-view')).toContainText('Un faro en la niebla.');
    await rm(`${soma.vault}/04_Sueños/Sueño del faro.md`);
    await expect(page.getByTestId('note-gone')).toBeVisible();
  });

  test('the language switch turns the interface into English and back', async ({ page }) => {
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'es');
    await page.getByTestId('lang-switch').click();
    await expect(html).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(html).toHaveAttribute('lang', 'en');
  });
});

test('when the server stops, the page says so in words', async ({ page, soma }) => {
  await page.goto(soma.loginLink);
  await expect(
    page.getByTestId('vault-tree').getByText('00_Entrada', { exact: true }),
  ).toBeVisible();
  await soma.stop();
  // The tree asks for a folder's notes when it opens: that request meets the stopped server.
  await page.getByTestId('vault-tree').getByText('04_Sueños', { exact: true }).click();
  // One notice: the server does not answer, what still works, and that it is tried again.
  await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Se reintentará solo en unos segundos.')).toBeVisible();
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});

test('a long folder is drawn a window at a time, with the open note in view and marked', async ({
  page,
}) => {
  // Far more notes than fit on the screen: only those in view (and a few around) are drawn.
  const many = Object.fromEntries(
    Array.from({ length: 450 }, (_, i) => {
      const name = `Nota ${String(i).padStart(3, '0')}`;
      return [`06_Archivo/${name}.md`, `# ${name}\n\nTexto ${i}.\n`];
    }),
  );
  const soma = await startSoma({ ...sampleNotes, ...many });
  try {
    await page.goto(soma.loginLink);
    await expect(page.getByTestId('chat-view')).toBeVisible();
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/#/nota/${encodeURIComponent('06_Archivo/Nota 449.md')}`);
    await expect(page.getByTestId('note-view')).toContainText('Texto 449.');
    // The tree opens the note's folder once the note is shown and scrolls its row into view.
    const tree = page.getByTestId('vault-tree');
    const last = tree.getByRole('link', { name: 'Nota 449', exact: true });
    await expect(last).toHaveAttribute('aria-current', 'page');
    await expect(last).toBeInViewport();
    // A drawn row still says where it sits, since its neighbours may not be in the page.
    const row = tree
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Nota 449', exact: true }) });
    await expect(row).toHaveAttribute('aria-level', '2');
    await expect(row).toHaveAttribute('aria-setsize', '450');
    await expect(row).toHaveAttribute('aria-posinset', '450');
    const drawn = await tree.locator('a.tree-note[href*="06_Archivo"]').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
    // Scrolling back up draws the first notes again; one of them opens.
    await tree.evaluate((box) => {
      box.scrollTop = 0;
    });
    await tree.getByRole('link', { name: 'Nota 007', exact: true }).click();
    await expect(page.getByTestId('note-view')).toContainText('Texto 7.');
    await expect(tree.locator('[aria-current="page"]')).toHaveText('Nota 007');
    await expect(last).toHaveCount(0);
  } finally {
    await soma.stop();
  }
});
