import { expect, type Page, test } from '@playwright/test';
import { INDEX_END_MARK } from '../web/search/worker/search-protocol.ts';
import { savedSearchIndexes } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

const notes: Record<string, string> = {
  '01_Caracter/Bóveda.md': '# Bóveda\n\nLa bóveda guarda todo lo que pienso.\n',
  '03_Proyectos/Huerto urbano.md':
    '---\ntags: [huerto]\n---\n# Huerto urbano\n\nPlanté tomates y lechugas en la terraza.\n',
  '04_Sueños/Sueño del faro.md': '# Sueño del faro\n\nUn faro en la niebla.\n',
  '02_Conciencia/sesiones/2024-05-01.md': '## Resumen\n\nHablamos del faro.\n',
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
  return soma;
}

async function type(page: Page, query: string) {
  await page.getByTestId('search-box').fill(query);
  await expect(page.getByTestId('search-view')).toBeVisible();
}

const hits = (page: Page) => page.getByTestId('search-hit');

test('typing searches as you type, accent-insensitive, with the match marked', async ({ page }) => {
  await open(page);
  await type(page, 'boveda');
  await expect(hits(page).first()).toContainText('Bóveda');
  await expect(hits(page).first().locator('mark').first()).toHaveText(/bóveda/i);
  expect(page.url()).toContain('#/buscar?q=boveda');
  // Plural and stem: `tomate` finds `tomates`; the folder filter narrows.
  await type(page, 'tomate');
  await expect(hits(page)).toHaveCount(1);
  await expect(hits(page)).toContainText('Huerto urbano');
  await page.getByTestId('search-folder').selectOption('04_Sueños');
  await expect(page.getByTestId('search-summary')).toContainText('0 notas');
  await page.getByTestId('search-folder').selectOption('');
  await hits(page).getByRole('link', { name: 'Huerto urbano' }).click();
  await expect(page).toHaveURL(/#\/nota\/03_Proyectos/);
});

test('/buscar lists the hits to trim, then attaches the kept ones as one chip', async ({
  page,
}) => {
  await open(page);
  const composer = page.getByTestId('composer');
  await composer.fill('/buscar faros');
  await composer.press('Enter');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('checkbox', { name: /Sueño del faro/ })).toBeChecked();
  await results.getByRole('checkbox', { name: /2024-05-01/ }).uncheck();
  await results.getByRole('button', { name: /Adjuntar seleccionadas \(1\)/ }).click();
  await expect(page.getByTestId('chip')).toContainText('Búsqueda «faros» (1 notas)');
});

test('a note written on disk by another program is found within seconds', async ({ page }) => {
  const running = await open(page);
  await type(page, 'zarzaparrilla');
  await expect(page.getByTestId('search-summary')).toContainText('0 notas');
  await running.writeNote('00_Entrada/Bebidas.md', '# Bebidas\n\nLa zarzaparrilla de la abuela.\n');
  await expect(hits(page).first()).toContainText('Bebidas', { timeout: 30_000 });
  await running.writeNote('00_Entrada/Bebidas.md', '# Bebidas\n\nSolo agua.\n');
  await expect(page.getByTestId('search-summary')).toContainText('0 notas', { timeout: 30_000 });
});

test('after a reload, search answers from the saved copy without fetching notes', async ({
  page,
}) => {
  await open(page);
  await type(page, 'faro');
  await expect(hits(page).first()).toContainText('faro');
  const noteRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/vault\/(batch|note)\b/.test(r.url())) noteRequests.push(r.url());
  });
  await page.reload();
  await expect(page.getByTestId('search-view')).toBeVisible();
  await type(page, 'niebla');
  await expect(hits(page).first()).toContainText('Sueño del faro');
  expect(noteRequests).toEqual([]);
});

/** Counts the questions the page posts to the search worker, by text (`window.asked`), from each load on. */
function countQuestions(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { asked: string[] };
    w.asked = [];
    const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const m = args[0] as { type?: string; query?: string } | null;
      if (m?.type === 'query') w.asked.push(m.query ?? '');
      post.apply(this, args);
    };
  });
}
const asked = (page: Page, q: string) =>
  page.evaluate((q) => (window as unknown as { asked: string[] }).asked.filter((a) => a === q), q);
/** Waits for the end of the load's first sync (the app's INDEX_END_MARK, at its `synced`). */
const synced = (page: Page) =>
  page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, INDEX_END_MARK);

test('a reload asks the question on screen once: its sync, finding nothing new, asks it no more', async ({
  page,
}) => {
  await countQuestions(page);
  await open(page);
  await type(page, 'faro');
  await expect(hits(page).first()).toContainText('faro');
  await page.reload();
  await expect(hits(page).first()).toContainText('faro');
  await synced(page);
  // A question the sync made the page ask again would go 100 ms after it (the debounce).
  await page.waitForTimeout(1_000);
  expect(await asked(page, 'faro')).toEqual(['faro']);
});

test.describe('a reload whose question comes after the saved index is ready', () => {
  // The search view's code is held back on the reload (a slow laptop's parse, say): with a
  // service worker it would come from its cache, where no route can hold it.
  test.use({ serviceWorkers: 'block' });

  test('the sync waits for that question: its hits are read from the copy first', async ({
    page,
  }) => {
    await open(page);
    await type(page, 'faro');
    await expect(hits(page).first()).toContainText('faro');
    await expect.poll(() => savedSearchIndexes(page), { timeout: 20_000 }).toBe(1);
    let codeServed = 0;
    let manifestAsked = 0;
    let manifestSeen: () => void = () => undefined;
    const manifest = new Promise<void>((resolve) => (manifestSeen = resolve));
    // Held for a second, or until a sync has begun without waiting for the question.
    await page.context().route('**/assets/search-route-*.js', async (route) => {
      await Promise.race([manifest, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      codeServed = Date.now();
      await route.continue();
    });
    await page.context().route('**/api/vault/manifest', (route) => {
      manifestAsked ||= Date.now();
      manifestSeen();
      return route.continue();
    });
    await page.reload();
    await expect(hits(page).first()).toContainText('faro');
    // The reload's sync begins with the manifest: only once the question has come.
    await expect.poll(() => manifestAsked, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(codeServed).toBeGreaterThan(0);
    expect(manifestAsked).toBeGreaterThan(codeServed);
  });
});

test('a note changed while the page was away: the sync after its return shows the new text', async ({
  page,
}) => {
  const soma = await open(page);
  await type(page, 'faro');
  const url = page.url();
  await expect(hits(page).filter({ hasText: 'Sueño del faro' })).toContainText('niebla');
  // The index is saved (2 s after the sync): the return loads it, then its sync finds the edit.
  await expect.poll(() => savedSearchIndexes(page), { timeout: 20_000 }).toBe(1);
  await page.goto('about:blank');
  await soma.writeNote(
    '04_Sueños/Sueño del faro.md',
    '# Sueño del faro\n\nUn faro en la tormenta.\n',
  );
  await page.goto(url);
  await expect(hits(page).filter({ hasText: 'Sueño del faro' })).toContainText('tormenta', {
    timeout: 20_000,
  });
});

test('a first sync that fails answers no search from its empty index: the search waits for the retry', async ({
  page,
}) => {
  // Every search summary the page shows, as it shows it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { summaries: string[] }).summaries = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="search-summary"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  let manifests = 0;
  await page
    .context()
    .route('**/api/vault/manifest', (route) =>
      manifests++ === 0
        ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'x' } } })
        : route.continue(),
    );
  await open(page);
  await type(page, 'boveda');
  await expect(hits(page).first()).toContainText('Bóveda', { timeout: 20_000 });
  expect(manifests).toBeGreaterThan(1);
  const summaries = await page.evaluate(
    () => (window as unknown as { summaries: string[] }).summaries,
  );
  expect(summaries.filter((s) => /\b0 notas/.test(s))).toEqual([]);
});
