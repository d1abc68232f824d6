import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type EmbedStatus, EmbedStatusSchema } from '../common/embedding-schemas.ts';
import type { Harness } from '../harness/schema.ts';
import {
  type FakeEmbeddingsUpstream,
  startFakeEmbeddingsUpstream,
} from '../testing/server/fake-embeddings-upstream.ts';
import { type RunningSoma, startSoma, writeHarness } from './soma-server.ts';

const notes: Record<string, string> = {
  '00_Entrada/coche.md': '# Garaje\n\nEl automóvil rojo está en el taller.\n',
  '00_Entrada/cocina.md': 'Receta de tortilla con patatas y cebolla.\n',
  '04_Sueños/Sueño del faro.md': '# Sueño del faro\n\nUn faro en la niebla.\n',
};

let soma: RunningSoma | null = null;
let fake: FakeEmbeddingsUpstream | null = null;
test.afterEach(async () => {
  await soma?.stop();
  await fake?.close();
  soma = null;
  fake = null;
});

async function status(page: Page): Promise<EmbedStatus> {
  const res = await page.request.get(`${soma!.url}/api/embeddings/status`);
  return EmbedStatusSchema.parse(await res.json());
}

test('a cloud embedder: asks first, sends nothing before «Sí», embeds, and «Desactivar» pauses', async ({
  page,
}) => {
  fake = await startFakeEmbeddingsUpstream({ dimensions: 32 });
  // A non-local endpoint (the fake stands in for a cloud service): consent comes first.
  const embeddings = {
    embedder: {
      kind: 'endpoint',
      baseUrl: fake.baseUrl,
      model: 'emb-nube',
      dimensions: 32,
      apiKeyEnv: null,
      local: false,
    },
  } as unknown as Harness['embeddings'];
  soma = await startSoma(notes, { harness: { embeddings } });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();

  // Reachable from Dispositivos.
  await page.locator('.devices-link').click();
  await page.getByTestId('embed-link').click();
  const panel = page.getByTestId('embeddings-panel');
  await expect(panel).toBeVisible();

  await expect.poll(async () => (await status(page)).state).toBe('waiting_consent');
  const before = await status(page);
  const dialog = page.getByTestId('embed-consent');
  await expect(dialog).toBeVisible();
  const body = page.getByTestId('embed-consent-body');
  await expect(body).toContainText(`${before.pending.notes} notas`);
  await expect(body).toContainText(`${before.pending.characters.toLocaleString('es')} caracteres`);
  await expect(body).toContainText(fake.baseUrl);
  await expect(body).toContainText('emb-nube');
  expect(fake.requests).toHaveLength(0);

  // «No» sends nothing.
  await page.getByTestId('embed-consent-no').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('embed-declined')).toBeVisible();
  expect((await status(page)).consent).toBe('needed');
  expect(fake.requests).toHaveLength(0);

  // Asked again, «Sí»: embedding runs until every note is done.
  await page.getByTestId('embed-consent-open').click();
  await page.getByTestId('embed-consent-yes').click();
  await expect(page.getByTestId('embed-state')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('embed-progress')).toContainText('3 de 3 notas');
  expect(fake.requests.length).toBeGreaterThan(0);
  await expect(page.getByTestId('embed-counter-charactersSent')).toHaveText(
    before.pending.characters.toLocaleString('es'),
  );

  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  // «Desactivar»: paused, and a note changed meanwhile is not sent.
  await page.getByTestId('embed-switch').click();
  await expect(page.getByTestId('embed-state')).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('embed-switch')).toHaveText('Activar');
  const sent = fake.requests.length;
  await soma.writeNote('00_Entrada/cocina.md', 'Cena de hoy: sopa.\n');
  await expect.poll(async () => (await status(page)).progress.notesDone).toBe(2);
  expect((await status(page)).state).toBe('paused');
  expect(fake.requests).toHaveLength(sent);

  // Where the user searches, the chip says search is by words only.
  await page.getByTestId('search-box').fill('coche');
  await expect(page.getByTestId('embed-chip')).toHaveText(
    'Búsqueda semántica en pausa: solo por palabras',
  );
});

test('with the layer off, the panel says how to turn it on and search is by words only', async ({
  page,
}) => {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await page.goto(`${soma.url}/#/semantica`);
  const off = page.getByTestId('embed-off');
  await expect(off).toContainText('añade esta sección al arnés');
  await expect(off).toContainText('"embeddings"');
  await expect(off).toContainText('README.md, sección «Búsqueda semántica»');
  await page.getByTestId('search-box').fill('coche');
  await expect(page.getByTestId('embed-chip')).toHaveText('Búsqueda solo por palabras');
});

test('an embeddings section saved into the harness while SOMA runs shows in the open panel', async ({
  page,
}) => {
  soma = await startSoma(notes);
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await page.goto(`${soma.url}/#/semantica`);
  await expect(page.getByTestId('embed-off')).toBeVisible();
  // The user edits the harness beside the config folder; the panel stays open, no reload.
  const embeddings = { embedder: { kind: 'test', dimensions: 32 } } as Harness['embeddings'];
  await writeHarness(join(dirname(soma.configDir), 'soma.json'), { embeddings });
  await expect(page.getByTestId('embed-off')).toHaveCount(0);
  await expect(page.getByTestId('embed-model')).toContainText('32 d');
  await expect.poll(async () => (await status(page)).state).toBe('idle');
});

test('a failing embedder reads as failing, not paused: why, words still work, and a retry', async ({
  page,
}) => {
  // The local endpoint answers 500 to every request until the script is emptied.
  fake = await startFakeEmbeddingsUpstream({ dimensions: 32, script: Array(1_000).fill('500') });
  const embeddings = {
    embedder: {
      kind: 'endpoint',
      baseUrl: fake.baseUrl,
      model: 'emb-local',
      dimensions: 32,
      apiKeyEnv: null,
      local: true,
    },
  } as unknown as Harness['embeddings'];
  soma = await startSoma(notes, { harness: { embeddings } });
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await expect.poll(async () => (await status(page)).state).toBe('failing');
  // A fresh worker reads the status as it is now. On a busy machine the user's first
  // search after the reload can be answered before that read lands: the status is held
  // until then, so the search line must follow the status when it comes.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/embeddings/status', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('chat-view')).toBeVisible();

  // Where the user searches: the words still find the note, and both lines say it fails.
  await page.getByTestId('search-box').fill('taller');
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  await expect(page.getByTestId('search-hit').first()).toContainText('coche');
  release();
  const lexical = page.getByTestId('search-lexical');
  await expect(lexical).toHaveAttribute('data-reason', 'failing');
  await expect(lexical).toContainText('el servicio de embeddings está fallando');
  await expect(page.getByTestId('embed-chip')).toHaveText(
    'Búsqueda semántica con errores, solo por palabras: El servicio falló (HTTP 500); se reintenta solo.',
  );

  // The panel: failing (not paused), the server's reason, what to check, and a retry.
  await page.getByTestId('embed-chip').click();
  await expect(page.getByTestId('embed-state')).toHaveAttribute('data-state', 'failing');
  await expect(page.getByTestId('embed-error')).toContainText('HTTP 500');
  const failing = page.getByTestId('embed-failing');
  await expect(failing).toContainText('La búsqueda por palabras sigue funcionando');
  await expect(page.getByTestId('embed-fix')).toContainText(fake.baseUrl);
  await expect(page.getByTestId('embed-fix')).toContainText('ollama pull emb-local');
  await expect(page.getByTestId('embed-switch')).toHaveText('Desactivar');

  // The endpoint is fixed; «Reintentar ahora» sends the batch again without waiting.
  fake.script.length = 0;
  await page.getByTestId('embed-retry').click();
  await expect(page.getByTestId('embed-state')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('embed-progress')).toContainText('3 de 3 notas');
  await expect(failing).toBeHidden();
  await expect(page.getByTestId('embed-error')).toBeHidden();
});
