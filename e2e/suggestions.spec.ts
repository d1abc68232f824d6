import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { type RunningSoma, startSoma } from './soma-server.ts';

const notes: Record<string, string> = {
  '04_Sueños/Sueño del faro.md': '# Sueño del faro\n\nUn faro en la niebla. Ver [[Mareas]].\n',
  '01_Caracter/Mareas.md': '# Mareas\n\nLa marea sube hasta el faro.\n',
  '03_Proyectos/Linterna.md': '# Linterna\n\nIdea: una linterna como un faro. [[Sueño del faro]]\n',
  '00_Entrada/Costa.md': '# Costa\n\nPaseo por la costa hasta el faro.\n',
  '00_Entrada/Niebla.md': '# Niebla\n\nLa niebla del puerto tapa el faro.\n',
  '01_Caracter/Huerto.md': '# Huerto\n\nTomates y lechugas en la terraza.\n',
};

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

async function open(page: Page) {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  // The worker has the vault once a search of it answers.
  await page.getByTestId('search-box').fill('tomates');
  await expect(page.getByTestId('search-hit').first()).toContainText('Huerto');
  await page.goto(`${soma.url}/#/`);
  await expect(page.getByTestId('composer')).toBeEnabled();
}

async function expectAccessible(page: Page) {
  const scan = await new AxeBuilder({ page }).analyze();
  const serious = scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious).toEqual([]);
}

const suggestions = (page: Page) => page.getByTestId('draft-suggestion');
const chips = (page: Page) => page.getByTestId('chips');

test('related notes show while typing, attach only when picked, and no request leaves the page', async ({
  page,
}) => {
  test.slow(); // types key by key, then an accessibility scan, on a shared machine
  await open(page);
  const sent: Request[] = [];
  page.on('request', (r) => sent.push(r));
  const composer = page.getByTestId('composer');
  const draft = '¿Qué significaba la huerta con tomates?';
  await composer.pressSequentially(draft);
  await expect(suggestions(page).first()).toContainText('Huerto');
  await expect(suggestions(page).first()).toContainText('01_Caracter');
  await expect(suggestions(page).first().locator('mark').first()).toBeVisible();
  // The draft never left the browser: searched in the worker, saved in IndexedDB. The page
  // may read /api/status meanwhile (when its event stream reopens on a busy machine), so
  // the check is that no request's address or body holds five letters of any draft word.
  const pieces = draft
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 5)
    .flatMap((w) =>
      Array.from({ length: w.length - 4 }, (_, i) => w.slice(i, i + 5).toLowerCase()),
    );
  const leaked = sent.filter((r) => {
    const text = `${decodeURIComponent(r.url())} ${r.postData() ?? ''}`.toLowerCase();
    return pieces.some((p) => text.includes(p));
  });
  expect(pieces.length).toBeGreaterThan(10);
  expect(leaked.map((r) => r.url())).toEqual([]);
  await expect(page.getByTestId('chip')).toHaveCount(0);
  await expectAccessible(page);

  await suggestions(page).first().click();
  await expect(chips(page).getByTestId('chip')).toContainText('Huerto');
  // An attached note is not offered again.
  await expect(suggestions(page).filter({ hasText: 'Huerto' })).toHaveCount(0);

  await composer.fill('');
  await composer.pressSequentially('Soñé con la niebla del puerto');
  await expect(suggestions(page).first()).toContainText('Niebla');
  await composer.press('Alt+1');
  await expect(chips(page).getByTestId('chip').filter({ hasText: 'Niebla' })).toBeVisible();
  await expect(composer).toHaveValue('Soñé con la niebla del puerto');
  await expect(page.getByTestId('message-user')).toHaveCount(0);
});

test('commands get no suggestions, and the off switch hides them, remembered after a reload', async ({
  page,
}) => {
  await open(page);
  const composer = page.getByTestId('composer');
  await composer.fill('/buscar tomates');
  await composer.fill('tomates en la terraza');
  await expect(suggestions(page).first()).toContainText('Huerto');
  await composer.fill('/ayuda tomates');
  await expect(page.getByTestId('draft-suggestions')).toHaveCount(0);

  await composer.fill('tomates en la terraza');
  await expect(suggestions(page).first()).toContainText('Huerto');
  const toggle = page.getByTestId('suggest-toggle').getByRole('checkbox');
  await toggle.uncheck();
  await expect(page.getByTestId('draft-suggestions')).toHaveCount(0);
  await page.reload();
  await expect(composer).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await composer.fill('lechugas y tomates');
  await expect(composer).toHaveValue('lechugas y tomates');
  await expect(page.getByTestId('draft-suggestions')).toHaveCount(0);
  await toggle.check();
  await expect(suggestions(page).first()).toContainText('Huerto');
});

test('the note view lists related notes, each attachable to the chat', async ({ page }) => {
  await open(page);
  await page.goto(`${soma!.url}/#/nota/04_Sueños/Sueño del faro.md`);
  await expect(page.getByTestId('note-view')).toContainText('Un faro en la niebla');
  const related = page.getByTestId('related-note');
  await expect(related.filter({ hasText: 'Mareas' })).toContainText('enlazada desde esta nota');
  await expect(related.filter({ hasText: 'Linterna' })).toContainText('la enlaza');
  await expect(related.filter({ hasText: 'Sueño del faro' })).toHaveCount(0);
  const mareas = related.filter({ hasText: 'Mareas' }).getByRole('button');
  await mareas.click();
  await expect(mareas).toHaveText('Adjuntada');
  await expect(mareas).toBeDisabled();
  await expectAccessible(page);
  await page.goto(`${soma!.url}/#/`);
  await expect(chips(page).getByTestId('chip')).toContainText('Mareas');
});

test('/buscar ticks only the top three hits and keeps its attach button in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 520 });
  await open(page);
  const composer = page.getByTestId('composer');
  await composer.fill('/buscar faro');
  await composer.press('Enter');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('checkbox')).toHaveCount(5);
  await expect(results.getByRole('checkbox', { checked: true })).toHaveCount(3);
  const attach = results.getByRole('button', { name: 'Adjuntar seleccionadas (3)' });
  await expect(attach).toBeInViewport();
  await results.getByRole('checkbox').last().check();
  await results.getByRole('button', { name: 'Adjuntar seleccionadas (4)' }).click();
  await expect(chips(page)).toContainText('Búsqueda «faro» (4 notas)');
});

test('/unir picks a note with the arrows and Enter, and Escape closes the list', async ({
  page,
}) => {
  await open(page);
  const composer = page.getByTestId('composer');
  await composer.fill('/unir ma');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(page.getByTestId('note-suggestions')).toContainText('Esc cierra');
  await expectAccessible(page);
  await composer.press('ArrowDown');
  const active = await composer.getAttribute('aria-activedescendant');
  const chosen = (await page.locator(`[id="${active}"]`).locator('span').last().textContent())!;
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  await composer.press('Enter');
  await expect(composer).toHaveValue(`/unir "${chosen}", `);
  await expect(page.getByTestId('message-user')).toHaveCount(0);

  await composer.fill('/unir ma');
  await expect(list).toBeVisible();
  await composer.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(composer).toHaveValue('/unir ma');
  // Typing more opens it again.
  await composer.press('r');
  await expect(list.getByRole('option', { name: /Mareas/ })).toBeVisible();
});
