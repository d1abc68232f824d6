import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type RunningSoma, startSoma } from './soma-server.ts';

const notes: Record<string, string> = {
  'Faro.md': '# Faro\n\nUn faro en la niebla.\n',
  'Niebla.md': '# Niebla\n\nNiebla, niebla y más niebla.\n',
};

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

test('«Sí, era esta» remembers a question and its note; Buscar scores it, explains a miss and erases it', async ({
  page,
}) => {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  // `niebla` ranks Niebla first; the user was looking for Faro (second).
  await page.getByTestId('search-box').fill('niebla');
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(2);
  await hits.getByRole('link', { name: 'Faro' }).click();
  await expect(page.getByTestId('era-esta')).toContainText('«niebla»');
  await page.getByTestId('era-esta-yes').click();
  await expect(page.getByTestId('era-esta-done')).toContainText('Recordado');

  await page.evaluate(() => {
    location.hash = '#/buscar';
  });
  const panel = page.getByTestId('search-quality');
  await panel.locator('summary').click();
  await expect(panel.getByTestId('quality-figures').first()).toContainText(
    'entre las 5 primeras 100 % · MRR 0.50',
  );
  const question = panel.getByTestId('quality-question');
  await expect(question).toHaveAttribute('data-rank', '2');
  await expect(question).toContainText('(primero salió Niebla)');

  await panel.getByTestId('quality-erase').click();
  await panel.getByTestId('quality-erase-yes').click();
  await expect(panel).toContainText('Aún no hay respuestas');
});

test('the panel recomputes its figures when the harness’s synonyms are edited while it is open', async ({
  page,
}) => {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  // A question in words no note has: the user meant Faro.
  await page.evaluate(() =>
    fetch('/api/search-pairs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'linterna', path: 'Faro.md', from: 'search' }),
    }),
  );
  await page.evaluate(() => {
    location.hash = '#/buscar';
  });
  const panel = page.getByTestId('search-quality');
  await panel.locator('summary').click();
  const question = panel.getByTestId('quality-question');
  await expect(question).toHaveAttribute('data-rank', '0');
  await expect(question).toContainText('no sale entre las 10 primeras');

  // The user edits the harness: «linterna» now means «faro» in this vault.
  const harnessFile = join(dirname(soma.configDir), 'soma.json');
  const harness = JSON.parse(await readFile(harnessFile, 'utf8'));
  harness.search = { synonyms: [['linterna', 'faro']] };
  await writeFile(harnessFile, JSON.stringify(harness, null, 2));
  await expect(question).toHaveAttribute('data-rank', '1');
  await expect(panel.getByTestId('quality-figures').first()).toContainText(
    'entre las 5 primeras 100 % · MRR 1.00',
  );
});

/** The server's embeddings status until every note has its vectors, as `state done/total`. */
async function embedded(page: Page, running: RunningSoma, total: number) {
  await expect
    .poll(async () => {
      const status = await (await page.request.get(`${running.url}/api/embeddings/status`)).json();
      return `${status.state} ${status.progress.notesDone}/${status.progress.notesTotal}`;
    })
    .toBe(`idle ${total}/${total}`);
}

test('words + meaning is named by its embedding model, and an earlier model’s figures stay to compare', async ({
  page,
}) => {
  test.slow(); // two starts of the server, each embedding the vault
  // The harness's test embedder: «automóvil» and «coche» are one concept, so only the
  // vectors find the garage for a question that shares no word with it.
  const cars = { 'Garaje.md': '# Garaje\n\nEl coche.\n', ...notes };
  const embedder = (dimensions: number) => ({
    harness: {
      embeddings: {
        embedder: { kind: 'test' as const, dimensions, batchSize: 16 },
        hybrid: { rrfK: 60, vectorWeight: 0.5, minSimilarity: 0.1 },
      },
    },
  });
  soma = await startSoma(cars, embedder(64));
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await embedded(page, soma, 3);
  await page.evaluate(() =>
    fetch('/api/search-pairs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'automóvil', path: 'Garaje.md', from: 'search' }),
    }),
  );
  await page.evaluate(() => {
    location.hash = '#/buscar';
  });
  const panel = page.getByTestId('search-quality');
  await panel.locator('summary').click();
  const question = panel.getByTestId('quality-question');
  await expect(question).toHaveAttribute('data-rank', '0');
  await expect(question).toHaveAttribute('data-meaning-rank', '1');
  await expect(panel.getByTestId('quality-figures').nth(1)).toContainText(
    'Palabras y sentido (test-concepts-64): entre las 5 primeras 100 % · MRR 1.00',
  );

  // Another model: the server starts again with it and embeds the vault anew.
  const harnessFile = join(dirname(soma.configDir), 'soma.json');
  const harness = JSON.parse(await readFile(harnessFile, 'utf8'));
  harness.embeddings.embedder.dimensions = 32;
  await writeFile(harnessFile, JSON.stringify(harness, null, 2));
  await soma.restart();
  await embedded(page, soma, 3);
  // The open panel follows the worker onto the new model's vectors.
  await expect(panel.getByTestId('quality-figures').nth(1)).toContainText(
    'Palabras y sentido (test-concepts-32)',
  );
  // After a reload, both models' figures are there to compare.
  await page.reload();
  await page.getByTestId('search-quality').locator('summary').click();
  await expect(panel.getByTestId('quality-figures').nth(1)).toContainText('(test-concepts-32)');
  await expect(panel.getByTestId('quality-model')).toContainText(
    'test-concepts-64: entre las 5 primeras 100 % · MRR 1.00 (preguntas: 1;',
  );
});

test('a note opened from /buscar in the chat offers «Sí, era esta», remembered as from /buscar', async ({
  page,
}) => {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  const composer = page.getByTestId('composer');
  await composer.fill('/buscar niebla');
  await composer.press('Enter');
  const results = page.getByTestId('search-results');
  await results.getByRole('link', { name: 'Faro', exact: true }).click();
  await expect(page.getByTestId('note-view')).toContainText('Un faro en la niebla');
  await expect(page.getByTestId('era-esta')).toContainText('«niebla»');
  await page.getByTestId('era-esta-yes').click();
  await expect(page.getByTestId('era-esta-done')).toContainText('Recordado');
  const stored = await page.evaluate(async () => (await fetch('/api/search-pairs')).json());
  expect(stored).toMatchObject({ pairs: [{ query: 'niebla', path: 'Faro.md', from: 'buscar' }] });

  await page.evaluate(() => {
    location.hash = '#/buscar';
  });
  const panel = page.getByTestId('search-quality');
  await panel.locator('summary').click();
  await expect(panel.getByTestId('quality-question')).toHaveAttribute('data-rank', '2');
});

test('a suggestion attached while typing offers «Sí, era esta» in the chat, remembered as a suggestion', async ({
  page,
}) => {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  // The worker has the vault once a search of it answers.
  await page.getByTestId('search-box').fill('niebla');
  await expect(page.getByTestId('search-hit')).toHaveCount(2);
  await page.goto(`${soma.url}/#/`);
  const composer = page.getByTestId('composer');
  await expect(composer).toBeEnabled();
  await composer.fill('¿Dónde estaba aquel faro de la costa?');
  await page.getByTestId('draft-suggestion').filter({ hasText: 'Faro' }).click();
  await expect(page.getByTestId('chip')).toContainText('Faro');
  const offer = page.getByTestId('era-esta');
  await expect(offer).toContainText('¿Era «Faro» la nota que buscabas');
  await offer.getByTestId('era-esta-yes').click();
  await expect(page.getByTestId('era-esta-done')).toContainText('Recordado');
  const stored = await page.evaluate(async () => (await fetch('/api/search-pairs')).json());
  // The question is the draft's words the suggestions were searched with.
  expect(stored).toMatchObject({
    pairs: [{ query: expect.stringMatching(/faro/i), path: 'Faro.md', from: 'suggest' }],
  });
});
