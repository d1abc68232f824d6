import type { Page } from '@playwright/test';
import { enter, expect, localChain, openSignedIn, test, twoFrames } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

const notes: Record<string, string> = {
  '03_Proyectos/Copias.md': '# Copias\n\nHago copias de la carpeta de fotos cada domingo.\n',
  '01_Caracter/Rsync.md': '# Rsync\n\nrsync -av sincroniza dos carpetas por la red.\n',
  '01_Caracter/Restic.md': '# Restic\n\nrestic guarda instantáneas cifradas en el disco externo.\n',
  '04_Sueños/Sueño del faro.md': '# Sueño del faro\n\nUn faro en la niebla.\n',
};

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

/** Searches for `query` in the search view and waits for the ordinary results. */
async function search(page: Page, query: string) {
  await page.getByTestId('search-box').fill(query);
  await expect(page.getByTestId('search-summary')).toHaveAttribute('data-query', query);
}

const hits = (page: Page) => page.getByTestId('search-hit');
const helped = (page: Page) => page.getByTestId('search-help-hit');

test('«Buscar con el modelo» sends only the query, fuses the model’s queries and says which found each', async ({
  page,
  upstream,
}) => {
  upstream.setScript({
    kind: 'text',
    chunks: ['```json\n{"queries": ["rsync", ', '"restic"]}\n```'],
  });
  soma = await startSoma(notes, { harness: { providers: localChain(upstream) } });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await search(page, 'copias');
  await expect(hits(page)).toHaveCount(1);
  // Never automatic: nothing went to the model until the button is pressed.
  expect(upstream.requests).toHaveLength(0);
  await page.getByTestId('search-help-button').click();

  const results = page.getByTestId('search-help-results');
  await expect(results).toBeVisible();
  await expect(page.getByTestId('search-help-queries')).toContainText('rsync · restic');
  await expect(helped(page)).toHaveCount(3);
  // The user's query found Copias first; each of the model's found one note.
  await expect(helped(page).nth(0)).toHaveAttribute('data-path', '03_Proyectos/Copias.md');
  await expect(helped(page).nth(0).getByTestId('search-help-found-by')).toHaveText(
    'Encontrada por: copias (tu consulta)',
  );
  const rsync = helped(page).filter({ hasText: 'Rsync' });
  await expect(rsync.getByTestId('search-help-found-by')).toHaveText('Encontrada por: rsync');
  const restic = helped(page).filter({ hasText: 'Restic' });
  await expect(restic.getByTestId('search-help-found-by')).toHaveText('Encontrada por: restic');
  // The ordinary results stay as they were.
  await expect(hits(page)).toHaveCount(1);

  // The disclosure: which provider and model, and every part sent, as a chat turn shows it.
  const sent = page.getByTestId('search-help-sent');
  const summary = sent.locator('> summary');
  await expect(summary).toHaveText('Enviado a local (m1)');
  await summary.click();
  await expect(sent.getByTestId('sent-part')).toHaveCount(2);
  await expect(sent.getByTestId('sent-part').nth(0)).toHaveAttribute('data-part', 'system');
  await expect(sent.getByTestId('sent-part').nth(1)).toHaveAttribute('data-part', 'message');
  await expect(sent.getByTestId('sent-part').nth(1)).toHaveAttribute('data-chars', '6');

  // One upstream call, carrying the harness prompt and the query and no note's text.
  expect(upstream.requests).toHaveLength(1);
  const body = upstream.requests[0]!.body as { messages: { role: string; content: string }[] };
  expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
  expect(body.messages[1]!.content).toBe('copias');
  expect(JSON.stringify(body)).not.toMatch(/domingo|sincroniza|instantáneas/);
  // The disclosed system part is exactly the prompt the provider received.
  await expect(sent.getByTestId('sent-part-text')).toHaveText(body.messages[0]!.content);
  // The local work's time is shown for the bench (search.<vault>.model_help_local_ms).
  await expect(page.getByTestId('search-help-summary')).toHaveAttribute(
    'data-local-ms',
    /^\d+\.\d\d$/,
  );
});

test('/buscar --modelo opens the search view and asks the model at once', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'text', chunks: ['{"queries": ["restic"]}'] });
  soma = await startSoma(notes, { harness: { providers: localChain(upstream) } });
  await openSignedIn(page, soma);
  await enter(page, '/buscar --modelo copias');
  await expect(page.getByTestId('search-view')).toBeVisible();
  await expect(page.getByTestId('search-summary')).toHaveAttribute('data-query', 'copias');
  await expect(helped(page)).toHaveCount(2);
  await expect(page.getByTestId('search-help-queries')).toContainText('restic');
  expect(upstream.requests).toHaveLength(1);
});

test('a failing or nonsensical model leaves the ordinary results and says why', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'status', status: 503 });
  soma = await startSoma(notes, { harness: { providers: localChain(upstream) } });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await search(page, 'faro');
  await expect(hits(page)).toHaveCount(1);

  await page.getByTestId('search-help-button').click();
  const error = page.getByTestId('search-help-error');
  await expect(error).toContainText('El modelo no pudo ayudar con la búsqueda (Local');
  await expect(error).toContainText('503');
  await expect(error).toContainText('los resultados de arriba no cambian');
  await expect(hits(page)).toHaveCount(1);
  await expect(hits(page)).toContainText('Sueño del faro');
  await expect(page.getByTestId('search-help-results')).toHaveCount(0);

  upstream.setScript({ kind: 'text', chunks: ['No sé qué decirte sobre faros.'] });
  await page.getByTestId('search-help-button').click();
  await expect(error).toContainText('no devolvió una lista de consultas legible');
  await expect(hits(page)).toHaveCount(1);
});

test('the button is not offered when the harness turns the help off', async ({
  page,
  upstream,
}) => {
  const shipped = (await import('../harness/soma.json', { with: { type: 'json' } })).default;
  soma = await startSoma(notes, {
    harness: {
      providers: localChain(upstream),
      searchHelp: { ...shipped.searchHelp, enabled: false },
    },
  });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  const status = page.waitForResponse((r) => r.url().endsWith('/api/search/help'));
  await search(page, 'faro');
  await expect(hits(page)).toHaveCount(1);
  expect(await (await status).json()).toEqual({ enabled: false, maxQueries: 0 });
  await twoFrames(page);
  await expect(page.getByTestId('search-help-button')).toHaveCount(0);
});
