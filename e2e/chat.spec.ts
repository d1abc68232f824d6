import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { Provider } from '../harness/schema.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { enter, newConversation, openSignedIn, sampleNotes } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/** The sample vault plus a session closing, for /recordar. */
const notes = {
  ...sampleNotes,
  '02_Conciencia/sesiones/2024-05-01.md': '## Resumen\n\nHablamos del faro.\n',
};

let fake: FakeUpstream;
let soma: RunningSoma | null = null;
test.beforeAll(async () => {
  fake = await startFakeUpstream();
});
test.afterAll(() => fake.close());
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

/** A local provider (no key) served by the fake upstream. */
const provider = (id: string, label: string, model: string): Provider => ({
  id,
  label,
  baseUrl: fake.url,
  apiKeyEnv: null,
  models: [model],
  timeoutMs: 5_000,
});

/** Starts SOMA with `providers` and opens the chat, signed in. */
async function openChat(page: Page, providers: Provider[] = [provider('local', 'Local', 'm1')]) {
  soma = await startSoma(notes, { harness: { providers } });
  await openSignedIn(page, soma);
  return soma;
}

test('a turn carries the notes, project, closing and profile chosen with commands', async ({
  page,
}) => {
  fake.setScript({ kind: 'echo' });
  await openChat(page);
  const composer = page.getByTestId('composer');
  await composer.fill('/unir Memo');
  await page.getByRole('option', { name: /Memoria activa/ }).click();
  await expect(composer).toHaveValue('/unir "01_Caracter/Memoria activa.md", ');
  await composer.press('Enter');
  const chips = page.getByTestId('chips');
  await expect(chips.getByTestId('chip').filter({ hasText: 'Memoria activa' })).toBeVisible();
  await enter(page, '/proyecto tesis');
  await expect(chips).toContainText('Proyecto: Tesis');
  await enter(page, '/recordar');
  await expect(chips).toContainText('Último cierre: 2024-05-01.md');
  await enter(page, '/modo tutor');
  await expect(page.getByTestId('profile-badge')).toContainText('Tutor');

  await enter(page, 'Hola');
  await expect(page.getByTestId('message-user').last()).toContainText('Hola');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toContainText('Eco de m1');
  await expect(answer).toHaveAttribute('data-status', 'complete');
  // One-shot chips are gone; the project stays with the conversation.
  await expect(page.getByTestId('chip')).toHaveCount(1);
  await expect(chips).toContainText('Proyecto: Tesis');

  await answer.getByText(/Lo que se envió/).click();
  const sent = answer.getByTestId('sent-list');
  await expect(sent).toContainText('Memoria activa');
  await expect(sent).toContainText('Tesis');
  await expect(sent).toContainText('2024-05-01.md');
  const body = JSON.stringify(fake.requests.at(-1)?.body);
  expect(body).toContain('Vuelve a la');
  expect(body).toContain('Modo tutor');
});

test('an unknown note, command or later command is explained and nothing is sent', async ({
  page,
}) => {
  await openChat(page);
  const before = fake.requests.length;
  await enter(page, '/unir Memoria pasiva');
  await expect(page.getByTestId('command-error')).toContainText('Memoria activa');
  await enter(page, '/bucsar faro');
  await expect(page.getByTestId('command-error')).toContainText('¿Quisiste decir /buscar?');
  await enter(page, '/cerrar');
  await expect(page.getByTestId('command-info')).toContainText('nada que cerrar');
  await enter(page, '/ayuda');
  await expect(page.getByTestId('help-table')).toContainText('/buscar TÉRMINO');
  expect(fake.requests.length).toBe(before);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
});

test('/buscar lists hits to keep and attaches them as one chip', async ({ page }) => {
  fake.setScript({ kind: 'echo' });
  await openChat(page);
  await enter(page, '/buscar faro');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('checkbox', { name: /Sueño del faro/ })).toBeChecked();
  // The closing mentions the lighthouse too: leave it out.
  await results.getByRole('checkbox', { name: /2024-05-01/ }).uncheck();
  await results.getByRole('button', { name: /Adjuntar seleccionadas/ }).click();
  await expect(page.getByTestId('chip')).toContainText('Búsqueda «faro» (1 notas)');
  await page
    .getByTestId('chip')
    .getByRole('button', { name: /Quitar/ })
    .click();
  await expect(page.getByTestId('chip')).toHaveCount(0);
});

test('an answer appears token by token', async ({ page }) => {
  const text = 'La memoria activa vuelve sobre lo leído.';
  fake.setScript({ kind: 'drip', text, everyMs: 40 });
  await openChat(page);
  await enter(page, 'Cuéntame');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toContainText('La memoria');
  const early = (await answer.textContent()) ?? '';
  expect(early).not.toContain('lo leído.');
  await expect(answer).toContainText(text);
  await expect(answer).toHaveAttribute('data-status', 'complete');
});

test('stop keeps the partial answer, also after a reload', async ({ page }) => {
  fake.setScript({ kind: 'drip', text: 'abcdefghijklmnopqrstuvwxyz'.repeat(4), everyMs: 80 });
  await openChat(page);
  await enter(page, 'Empieza');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toContainText('abc');
  await page.getByTestId('stop').click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId('send')).toBeVisible();
  const kept = await answer.locator('.message-markdown, .message-text').first().textContent();
  await page.reload();
  const again = page.getByTestId('message-assistant').last();
  await expect(again).toHaveAttribute('data-status', 'stopped');
  await expect(again).toContainText(kept ?? '');
});

test('a rate-limited first provider falls back to the second, and it is shown', async ({
  page,
}) => {
  fake.setScript((req) =>
    (req.body as { model?: string }).model === 'g1'
      ? { kind: 'status', status: 429, retryAfterSec: 1 }
      : { kind: 'text', chunks: ['Respondo ', 'yo.'], usageStyle: 'openrouter' },
  );
  await openChat(page, [
    provider('groq', 'Groq', 'g1'),
    provider('openrouter', 'OpenRouter', 'o1'),
  ]);
  await enter(page, 'Hola');
  const details = page.getByTestId('message-assistant').last().getByTestId('answer-details');
  await expect(details).toContainText(
    'Groq: límite de peticiones (429) → se pasó a OpenRouter (o1)',
  );
  await expect(details).toContainText('OpenRouter · o1');
  await expect(details).toContainText('tokens');
});

test('a reload keeps the conversation; a new one starts empty and the old one is listed', async ({
  page,
}) => {
  fake.setScript({ kind: 'echo' });
  await openChat(page);
  await enter(page, 'Primera pregunta');
  await expect(page.getByTestId('message-assistant')).toHaveAttribute('data-status', 'complete');
  await page.reload();
  await expect(page.getByTestId('message-user')).toContainText('Primera pregunta');
  await expect(page.getByTestId('message-assistant')).toContainText('Eco de m1');
  await newConversation(page);
  await page.getByText('Conversaciones', { exact: true }).click();
  await page.getByRole('button', { name: /^Primera pregunta/ }).click();
  await expect(page.getByTestId('message-user')).toContainText('Primera pregunta');
});

test('/reiniciar asks first, then clears the history', async ({ page }) => {
  fake.setScript({ kind: 'echo' });
  await openChat(page);
  await enter(page, 'Algo');
  await expect(page.getByTestId('message-assistant')).toHaveAttribute('data-status', 'complete');
  await enter(page, '/reiniciar');
  const dialog = page.getByTestId('confirm-reset');
  await expect(dialog).toBeVisible();
  await expect(page.locator('.chat-title')).toHaveText('Algo');
  await dialog.getByRole('button', { name: 'Borrar historial' }).click();
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await expect(dialog).toBeHidden();
  // The title came from the first message, now gone: the header says so at once.
  await expect(page.locator('.chat-title')).toHaveText('Conversación nueva');
  // Cleared on every device: the laptop keeps no copy of the old turns for them to read.
  const listed = await page.evaluate(() =>
    fetch('/api/conversations', { credentials: 'same-origin' }).then((r) => r.json()),
  );
  expect(listed.conversations).toEqual([]);
});

test('without any configured provider the chat says how to set one up', async ({ page }) => {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  const banner = page.getByTestId('no-provider');
  await expect(banner).toContainText('GROQ_API_KEY');
  // It names the demo server and where the harness file is.
  await expect(banner).toContainText('npm run demo:upstream');
  await expect(banner).toContainText('soma.json');
  await enter(page, 'Hola');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'error');
  // Said once: the reply points at the banner instead of repeating it.
  await expect(answer.getByTestId('no-provider-reply')).toBeVisible();
  await expect(page.getByTestId('no-provider')).toHaveCount(1);
});

test('a device file is attached as text, and the chat has no serious accessibility violations', async ({
  page,
}) => {
  fake.setScript({ kind: 'echo' });
  await openChat(page);
  await page.getByTestId('attach-file-input').setInputFiles({
    name: 'apuntes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Apuntes\n\nLa bóveda guarda notas.\n'),
  });
  await expect(page.getByTestId('chip')).toContainText('Archivo apuntes.md');
  await enter(page, 'Resume el archivo');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('La bóveda guarda notas.');
  await answer.getByText(/Lo que se envió/).click();
  await expect(answer.getByTestId('sent-list')).toContainText('apuntes.md');
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
});

test('the search view finds a conversation by its text, apart from the notes, and opens it', async ({
  page,
}) => {
  fake.setScript({ kind: 'echo' });
  await openChat(page);
  await enter(page, 'Hablemos de los cormoranes del puerto');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute(
    'data-status',
    'complete',
  );
  await newConversation(page);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await page.evaluate(() => {
    location.hash = '#/buscar?q=cormoranes';
  });
  const hits = page.getByTestId('conversation-hits');
  await expect(hits).toContainText('Conversaciones (1)');
  await hits.getByTestId('conversation-hit').click();
  await expect(page.getByTestId('message-user')).toContainText('cormoranes del puerto');
});
