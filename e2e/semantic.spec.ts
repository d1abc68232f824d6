import { expect, type Page, test } from '@playwright/test';
import { type RunningSoma, startSoma } from './soma-server.ts';

/**
 * The long-term layer in the browser, with the harness's `test` embedder (a
 * Spanish concept table: coche/automóvil/vehículo are one concept). The car
 * note shares no word with the query: only its vector can find it.
 */
const notes: Record<string, string> = {
  '00_Entrada/Garaje.md': '# Garaje\n\nEl coche.\n',
  '03_Proyectos/Taller.md': '# Taller\n\nLa furgoneta, el carro y el turismo del vecino.\n',
  '01_Caracter/Paseo.md': '# Paseo\n\nEl perro corre por la playa.\n',
  '04_Sueños/Faro.md': '# Faro\n\nUn faro en la niebla.\n',
};

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

async function open(page: Page) {
  soma = await startSoma(notes, {
    harness: {
      embeddings: {
        embedder: { kind: 'test', dimensions: 64, batchSize: 16 },
        hybrid: { rrfK: 60, vectorWeight: 0.5, minSimilarity: 0.1 },
      },
    },
  });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  // The server embeds in the background: wait until every note has its vectors.
  await expect
    .poll(async () => {
      const status = await (await page.request.get(`${soma!.url}/api/embeddings/status`)).json();
      return `${status.state} ${status.progress.notesDone}/${status.progress.notesTotal}`;
    })
    .toBe('idle 4/4');
  return soma;
}

const hits = (page: Page) => page.getByTestId('search-hit');

test('a note that shares no word with the query is found by its vector', async ({ page }) => {
  await open(page);
  await page.getByTestId('search-box').fill('automóvil');
  // The view re-runs the query when the worker's vectors arrive; the fused answer lists the notes.
  await expect(hits(page)).toHaveCount(2);
  await expect(hits(page).filter({ hasText: 'Garaje' })).toContainText('El coche.');
  await expect(hits(page).filter({ hasText: 'Taller' })).toContainText('La furgoneta, el carro');
  await expect(page.getByTestId('search-summary')).toHaveAttribute('data-semantic', 'hybrid');
  await expect(page.getByTestId('search-lexical')).toHaveCount(0);
  // The vectors are scanned by the WebAssembly module: the page's CSP lets the worker compile it.
  const worker = page.workers().find((w) => w.url().includes('search-worker'));
  const scans = await worker?.evaluate(() => ({
    wasm: performance.getEntriesByName('soma:vector-scan-wasm').length,
    js: performance.getEntriesByName('soma:vector-scan-js').length,
  }));
  expect(scans?.wasm).toBeGreaterThan(0);
  expect(scans?.js).toBe(0);
});

test('related notes include notes alike by their vectors', async ({ page }) => {
  await open(page);
  // Once a search is hybrid, the worker holds the vectors.
  await page.getByTestId('search-box').fill('coche');
  await expect(page.getByTestId('search-summary')).toHaveAttribute('data-semantic', 'hybrid');
  await page.goto(`${soma!.url}/#/nota/03_Proyectos/Taller.md`);
  await expect(page.getByTestId('note-view')).toContainText('La furgoneta');
  const related = page.getByTestId('related-note');
  await expect(related.filter({ hasText: 'Garaje' })).toHaveCount(1);
  await expect(related.filter({ hasText: 'Taller' })).toHaveCount(0);
});

test('with the server stopped, search still answers by words and says so', async ({ page }) => {
  await open(page);
  await page.getByTestId('search-box').fill('faro');
  await expect(page.getByTestId('search-summary')).toHaveAttribute('data-semantic', 'hybrid');
  await soma!.stop();
  soma = null;
  await page.getByTestId('search-box').fill('niebla');
  await expect(hits(page)).toHaveCount(1);
  await expect(hits(page).first()).toContainText('Faro');
  await expect(page.getByTestId('search-lexical')).toHaveAttribute('data-reason', 'unreachable');
  await expect(page.getByTestId('search-lexical')).toContainText('Solo por palabras');
});
