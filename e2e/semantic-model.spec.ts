import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { EmbedStatusSchema } from '../common/embedding-schemas.ts';
import type { SemanticModel } from '../harness/embeddings-schema.ts';
import { type FakeModelHost, startFakeModelHost } from '../testing/server/fake-model-host.ts';
import { writeConceptModel } from '../testing/server/tiny-onnx-model.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/**
 * «Buscar por significado» from a harness with no `embeddings` section: one click downloads
 * the model the harness names (a small ONNX model whose words point like the test embedder's
 * concepts, served by a local mirror with the host's layout), the layer starts without a
 * restart, and a note that shares no word with the query is found by meaning.
 */
const notes: Record<string, string> = {
  '00_Entrada/Garaje.md': '# Garaje\n\nEl coche.\n',
  '01_Caracter/Paseo.md': '# Paseo\n\nEl perro corre por la playa.\n',
  '04_Sueños/Faro.md': '# Faro\n\nUn faro en la niebla.\n',
};
const DIMENSIONS = 64;

let soma: RunningSoma | null = null;
let mirror: FakeModelHost | null = null;
let modelDir: string | null = null;
test.afterEach(async () => {
  await soma?.stop();
  await mirror?.close();
  if (modelDir) await rm(modelDir, { recursive: true, force: true });
  soma = mirror = modelDir = null;
});

/** The mirror holding the concept model, and the harness's `semanticModel` pinning its files. */
async function conceptMirror(): Promise<SemanticModel> {
  mirror = await startFakeModelHost();
  modelDir = await mkdtemp(join(tmpdir(), 'soma-e2e-model-'));
  const { files } = await writeConceptModel(modelDir, DIMENSIONS);
  const model: SemanticModel = {
    ...mirror.model,
    name: 'concept-e5',
    label: 'concept-e5 (prueba)',
    mirror: mirror.baseUrl,
    dimensions: DIMENSIONS,
    files: mirror.model.files.map((f) => ({ ...f, ...files.find((w) => w.name === f.name)! })),
    chunksPerSecond: { '1': 23, '2': 38 },
  };
  for (const f of model.files) mirror.bytes.set(f.path, await readFile(join(modelDir, f.name)));
  // Slow enough for the progress bar to be seen; no figure depends on it.
  mirror.behaviour.chunkDelayMs = 300;
  return model;
}

const status = async (page: Page) =>
  EmbedStatusSchema.parse(
    await (await page.request.get(`${soma!.url}/api/embeddings/status`)).json(),
  );

test('one click downloads the model, embeds the vault and search finds a note by meaning', async ({
  page,
}) => {
  const semanticModel = await conceptMirror();
  soma = await startSoma(notes, { harness: { semanticModel } });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await page.goto(`${soma.url}/#/semantica`);

  // Before anything happens: the model, its size, the time for this vault, and privacy.
  const offer = page.getByTestId('model-offer');
  await expect(offer).toBeVisible();
  await expect(page.getByTestId('model-label')).toHaveText('concept-e5 (prueba)');
  await expect(page.getByTestId('model-estimate')).toContainText('con 1 núcleo');
  // The budget can be chosen first; the estimate follows it.
  await page.getByTestId('embed-budget-2').click();
  await expect(page.getByTestId('model-estimate')).toContainText('con 2 núcleo');
  await expect(offer).toContainText('nunca sale de este portátil');
  expect((await status(page)).semanticModel?.download.state).toBe('absent');
  expect(mirror!.requests).toEqual([]);
  const axe = await new AxeBuilder({ page }).include('[data-testid="embeddings-panel"]').analyze();
  expect(axe.violations).toEqual([]);

  await page.getByTestId('model-start').click();
  await expect(page.getByTestId('model-progress')).toBeVisible();
  await expect(page.getByTestId('model-cancel')).toBeVisible();
  // Then the layer runs with no restart: embedding, and every note done.
  const state = page.getByTestId('embed-state');
  await expect(state).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
  await expect(page.getByTestId('embed-progress')).toContainText('3 de 3 notas');
  await expect(page.getByTestId('embed-budget-2')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('embed-budget-1').click();
  await expect(page.getByTestId('embed-budget-1')).toHaveAttribute('aria-pressed', 'true');
  const s = await status(page);
  expect(s).toMatchObject({ configured: true, kind: 'onnx', local: true, dimensions: DIMENSIONS });
  expect(s.budget.cores).toBe(1);
  expect(s.semanticModel?.download.state).toBe('installed');

  await page.goto(`${soma.url}/#/`);
  await page.getByTestId('search-box').fill('automóvil');
  await expect(page.getByTestId('search-summary')).toHaveAttribute('data-semantic', 'hybrid');
  await expect(page.getByTestId('search-hit').filter({ hasText: 'Garaje' })).toContainText(
    'El coche.',
  );
});

test('a 404 from the mirror is said in Spanish with what to do, and search keeps working by words', async ({
  page,
}) => {
  const semanticModel = await conceptMirror();
  mirror!.bytes.delete(semanticModel.files[1]!.path);
  soma = await startSoma(notes, { harness: { semanticModel } });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await page.goto(`${soma.url}/#/semantica`);
  await page.getByTestId('model-start').click();
  const problem = page.getByTestId('model-problem');
  await expect(problem).toHaveAttribute('data-code', 'http_status', { timeout: 30_000 });
  await expect(problem).toContainText('HTTP 404');
  await expect(problem).toContainText('Vuelve a intentarlo');
  // The offer is back, to try again or use a folder.
  await expect(page.getByTestId('model-start')).toBeEnabled();
  await expect(page.getByTestId('model-folder-open')).toBeVisible();

  await page.goto(`${soma.url}/#/`);
  await page.getByTestId('search-box').fill('niebla');
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  await expect(page.getByTestId('search-hit').first()).toContainText('Faro');
});
