import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { FakeUpstream } from '../testing/server/fake-upstream/fake-upstream.ts';
import { snapshot as snapshotVault } from '../testing/server/vault-snapshot.ts';
import {
  ask,
  attachByName,
  enter,
  expect,
  fakeChain,
  newConversation,
  openSignedIn,
  sampleNotes,
  test,
} from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

const CONTEXT_NOTE = '01_Caracter/contexto.md';

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

async function openChat(page: Page, upstream: FakeUpstream): Promise<RunningSoma> {
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  await openSignedIn(page, soma);
  return soma;
}

const read = (s: RunningSoma, path: string) => readFile(join(s.vault, path), 'utf8');
const card = (page: Page, kind: string) =>
  page.locator(`[data-testid="proposal"][data-kind="${kind}"]`);

/** With Tesis attached, the answer links to [[Sueño del faro]]; its synapse is approved. */
async function approvedSynapseWithNote(page: Page, upstream: FakeUpstream) {
  upstream.setScript({ kind: 'text', chunks: ['Se parece a ', '[[Sueño del faro]].'] });
  const s = await openChat(page, upstream);
  await attachByName(page, '/unir Tesis');
  await expect(page.getByTestId('chips')).toContainText('Tesis');
  await ask(page, '¿Con qué conecta la tesis?');
  const synapse = card(page, 'synapse');
  await synapse.getByTestId('proposal-approve').click();
  await expect(synapse).toHaveAttribute('data-state', 'approved');
  const connection = card(page, 'connection');
  await expect(connection).toContainText('03_Proyectos/Tesis.md');
  await expect(connection.getByTestId('diff-view')).toContainText('+- [[Sueño del faro]]');
  return { s, connection };
}

test('an approved synapse, with a note attached, adds the link under ## Conexiones once approved', async ({
  page,
  upstream,
}) => {
  const { s, connection } = await approvedSynapseWithNote(page, upstream);
  await connection.getByTestId('proposal-overwrite').click();
  await expect(connection).toHaveAttribute('data-state', 'approved');
  const tesis = await read(s, '03_Proyectos/Tesis.md');
  expect(tesis).toContain('\n## Conexiones\n\n- [[Sueño del faro]]\n');
  expect(await read(s, '02_Conciencia/sesiones/sinapsis_log.txt')).toContain('[[Sueño del faro]]');
});

test('a rejected connection leaves the vault byte for byte as it was', async ({
  page,
  upstream,
}) => {
  const { s, connection } = await approvedSynapseWithNote(page, upstream);
  const before = await snapshotVault(s.vault);
  await connection.getByTestId('proposal-reject').click();
  await expect(connection).toHaveAttribute('data-state', 'rejected');
  expect(await snapshotVault(s.vault)).toEqual(before);
});

test('«Recuerda que…» approved goes into the next request as user context', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'echo' });
  const s = await openChat(page, upstream);
  await ask(page, 'Hola');
  await enter(page, 'Recuerda que prefiero ejemplos de biología.');
  const remember = card(page, 'remember');
  await expect(remember).toContainText(CONTEXT_NOTE);
  await expect(remember.getByTestId('proposal-content')).toContainText(
    '- Prefiero ejemplos de biología.',
  );
  await remember.getByTestId('proposal-approve').click();
  await expect(remember).toHaveAttribute('data-state', 'approved');
  expect(await read(s, CONTEXT_NOTE)).toBe('- Prefiero ejemplos de biología.\n');
  await ask(page, '¿Un ejemplo de memoria?');
  const body = upstream.requests.at(-1)?.body as { messages: { content: string }[] } | undefined;
  const system = body?.messages[0]?.content;
  expect(system).toContain('Prefiero ejemplos de biología.');
});

test('«Recuerda que…» rejected writes nothing', async ({ page, upstream }) => {
  upstream.setScript({ kind: 'echo' });
  const s = await openChat(page, upstream);
  await ask(page, 'Hola');
  const before = await snapshotVault(s.vault);
  await enter(page, 'Recuerda: doy clase los lunes');
  const remember = card(page, 'remember');
  await remember.getByTestId('proposal-reject').click();
  await expect(remember).toHaveAttribute('data-state', 'rejected');
  expect(await snapshotVault(s.vault)).toEqual(before);
});

test('a «Recuerda que…» card stays under the answer it followed, above later answers', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'echo' });
  await openChat(page, upstream);
  await ask(page, 'Hola');
  await enter(page, 'Recuerda que prefiero ejemplos de biología.');
  await expect(card(page, 'remember')).toBeVisible();
  await ask(page, '¿Y ahora qué?');
  const answers = page.getByTestId('message-assistant');
  await expect(answers).toHaveCount(2);
  // In the page's order: first answer, the card, the later question and its answer.
  const order = await page.evaluate(() => {
    const card = document.querySelector('[data-testid="proposal"][data-kind="remember"]');
    const later = document.querySelectorAll('[data-testid="message-assistant"]')[1];
    const first = document.querySelectorAll('[data-testid="message-assistant"]')[0];
    if (!card || !later || !first) return null;
    return {
      afterFirst: !!(first.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING),
      beforeLater: !!(card.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  });
  expect(order).toEqual({ afterFirst: true, beforeLater: true });
});

test('«Proponer de nuevo» on a stale «Recuerda que…» card never adds the line a second time', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'echo' });
  const s = await openChat(page, upstream);
  await ask(page, 'Hola');
  // Said twice: two cards for the same line.
  await enter(page, 'Recuerda que prefiero ejemplos de biología.');
  await expect(card(page, 'remember')).toHaveCount(1);
  await enter(page, 'Recuerda que prefiero ejemplos de biología.');
  await expect(card(page, 'remember')).toHaveCount(2);
  const [first, second] = [card(page, 'remember').nth(0), card(page, 'remember').nth(1)];
  await first.getByTestId('proposal-approve').click();
  await expect(first).toHaveAttribute('data-state', 'approved');
  // The second was made before the note changed: it is stale and offers «Proponer de nuevo».
  await second.getByTestId('proposal-approve').click();
  await expect(second).toHaveAttribute('data-state', 'changed');
  await second.getByTestId('proposal-again').click();
  await expect(
    card(page, 'remember').filter({ hasText: 'ya está en tu nota de contexto' }),
  ).toHaveCount(1);
  await expect(
    page.locator('[data-testid="proposal"][data-kind="remember"][data-state="pending"]'),
  ).toHaveCount(0);
  expect(await read(s, CONTEXT_NOTE)).toBe('- Prefiero ejemplos de biología.\n');
});

test('/anexar appends the answer under a dated heading after approval', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'text', chunks: ['Una idea ', 'nueva.'] });
  const s = await openChat(page, upstream);
  await ask(page, 'Dame una idea');
  await enter(page, '/anexar 04_Sueños/Sueño del faro.md');
  const append = card(page, 'append');
  await expect(append.getByTestId('diff-view')).toContainText('+Una idea nueva.');
  await append.getByTestId('proposal-overwrite').click();
  await expect(append).toHaveAttribute('data-state', 'approved');
  expect(await read(s, '04_Sueños/Sueño del faro.md')).toMatch(
    /^# Sueño del faro\n\nUn faro en la niebla\.\n\n## \d{4}-\d\d-\d\d \d\d:\d\d\n\nUna idea nueva\.\n$/,
  );
});

test('two untitled saves are named from the answer heading and never collide', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'text', chunks: ['# Plan de estudio\n\nRepasar ', 'cada día.'] });
  const s = await openChat(page, upstream);
  const answer = await ask(page, 'Hazme un plan');
  for (const n of [1, 2]) {
    await enter(page, '/guardar');
    const save = answer.locator('[data-testid="proposal"][data-kind="save"]').nth(n - 1);
    await save.getByTestId('proposal-approve').click();
    await expect(save).toHaveAttribute('data-state', 'approved');
  }
  const files = (await readdir(join(s.vault, '05_Salida'))).sort();
  expect(files).toHaveLength(2);
  expect(files[0]).toMatch(/^\d{4}-\d\d-\d\d-plan-de-estudio-2\.md$/);
  expect(files[1]).toMatch(/^\d{4}-\d\d-\d\d-plan-de-estudio\.md$/);
});

test('the conversation list finds a conversation by its text and exports it to 05_Salida', async ({
  page,
  upstream,
}) => {
  upstream.setScript((req) =>
    JSON.stringify(req.body).includes('Háblame del faro')
      ? { kind: 'text', chunks: ['El faro ', 'guía a los barcos.'] }
      : { kind: 'text', chunks: ['Nada que ver.'] },
  );
  const s = await openChat(page, upstream);
  await ask(page, 'Háblame del faro');
  await newConversation(page);
  await ask(page, 'Otra cosa');
  const list = page.getByTestId('conversation-list');
  await list.locator('summary').click();
  await expect(list.locator('.conversation-item')).toHaveCount(2);
  await list.getByTestId('conversation-search').fill('barcos');
  await expect(list.locator('.conversation-item')).toHaveCount(1);
  await expect(list.locator('.conversation-item')).toContainText('Háblame del faro');
  await list.getByTestId('conversation-search').fill('BARCOS otra');
  await expect(list.locator('.conversation-item')).toHaveCount(0);
  await list.getByTestId('conversation-search').fill('barcos');
  await list.getByTestId('conversation-export').click();
  const save = card(page, 'save');
  await expect(save.getByTestId('proposal-content')).toContainText('### Tú');
  await save.getByTestId('proposal-approve').click();
  await expect(save).toHaveAttribute('data-state', 'approved');
  const [file] = await readdir(join(s.vault, '05_Salida'));
  expect(file).toMatch(/-conversacion-hablame-del-faro\.md$/);
  const text = await read(s, `05_Salida/${file}`);
  expect(text).toContain('# Conversación: Háblame del faro');
  expect(text).toContain('El faro guía a los barcos.');
});
