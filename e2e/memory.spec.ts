import { readFileSync } from 'node:fs';
import { type Page, test } from '@playwright/test';
import type { Harness, Provider } from '../harness/schema.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { enter, expect, openSignedIn, sampleNotes } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/** The sample vault plus a session closing, for /recordar. */
const notes = {
  ...sampleNotes,
  '02_Conciencia/sesiones/2024-05-01.md': '## Resumen\n\nHablamos del faro.\n',
};
/** Text only the note «Memoria activa» holds: where it shows up, the note was sent. */
const NOTE_TEXT = 'Vuelve a la [[Tesis|tesis]].';
const shipped: Harness = JSON.parse(readFileSync('harness/soma.json', 'utf8'));

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

const provider = (): Provider => ({
  id: 'local',
  label: 'Local',
  baseUrl: fake.url,
  apiKeyEnv: null,
  models: ['m1'],
  timeoutMs: 5_000,
  contextTokens: 16_384,
});

async function openChat(page: Page) {
  soma = await startSoma(notes, {
    harness: { providers: [provider()], userContext: 'Soy investigadora de la memoria.' },
  });
  await openSignedIn(page, soma);
}

/** Sends `text` and waits for its answer to finish; returns the answer and what went upstream. */
async function ask(page: Page, text: string) {
  const before = fake.requests.length;
  const answers = page.getByTestId('message-assistant');
  const count = await answers.count();
  await enter(page, text);
  await expect(answers).toHaveCount(count + 1);
  const answer = answers.last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  expect(fake.requests.length).toBe(before + 1);
  const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
  return { answer, messages: body.messages };
}

const sentText = (messages: { content: string }[]) => messages.map((m) => m.content).join('\n');

test('a pinned note goes with every turn, across a reload, until unpinned', async ({ page }) => {
  fake.setScript({ kind: 'text', chunks: ['De acuerdo.'] });
  await openChat(page);
  await enter(page, '/unir "01_Caracter/Memoria activa.md"');
  const chip = page.getByTestId('chip').filter({ hasText: 'Memoria activa' });
  await chip.getByTestId('chip-pin').click();
  await expect(chip).toHaveAttribute('data-pinned', 'true');
  // Before it is ever sent, the note's size in the vault gives its estimate.
  await expect(chip).toContainText(/~\d+ tokens/);

  expect((await ask(page, 'uno')).messages.at(-1)?.content).toContain(NOTE_TEXT);
  await expect(chip).toHaveAttribute('data-pinned', 'true');
  await expect(page.getByTestId('pinned-budget')).toContainText(/16\.?384/);
  expect((await ask(page, 'dos')).messages.at(-1)?.content).toContain(NOTE_TEXT);

  await page.reload();
  await expect(page.getByTestId('composer')).toBeEnabled();
  await expect(chip).toHaveAttribute('data-pinned', 'true');
  // The conversation is shown again before `ask` counts its answers.
  await expect(page.getByTestId('message-assistant')).toHaveCount(2);
  expect((await ask(page, 'tres')).messages.at(-1)?.content).toContain(NOTE_TEXT);

  await chip.getByTestId('chip-pin').click();
  await expect(chip).toHaveAttribute('data-pinned', 'false');
  // Unpinned, it goes once more (it is still attached), then never again.
  expect((await ask(page, 'cuatro')).messages.at(-1)?.content).toContain(NOTE_TEXT);
  await expect(chip).toHaveCount(0);
  expect(sentText((await ask(page, 'cinco')).messages)).not.toContain(NOTE_TEXT);
});

test('/resumir sends the pinned note, and shows the instruction it sent instead of a message', async ({
  page,
}) => {
  fake.setScript({ kind: 'text', chunks: ['De acuerdo.'] });
  await openChat(page);
  await enter(page, '/unir "01_Caracter/Memoria activa.md"');
  const chip = page.getByTestId('chip').filter({ hasText: 'Memoria activa' });
  await chip.getByTestId('chip-pin').click();
  await ask(page, 'uno');
  const { answer, messages } = await ask(page, '/resumir');
  expect(messages.at(-1)?.content).toContain(shipped.prompts.summary);
  expect(messages.at(-1)?.content).toContain(NOTE_TEXT);
  await answer.getByText(/Lo que se envió/).click();
  const instruction = answer.locator('[data-testid="sent-part"][data-part="instruction"]');
  await expect(instruction).toContainText('/resumir');
  await instruction.locator('summary').click();
  await expect(instruction.getByTestId('sent-part-text')).toHaveText(shipped.prompts.summary);
  await expect(answer.locator('[data-testid="sent-part"][data-part="attachment"]')).toContainText(
    'Memoria activa',
  );
  // The pinned note's size comes from what this last request sent: never «~0 tokens».
  await expect(chip).toHaveAttribute('data-pinned', 'true');
  await expect(chip).not.toContainText(/~0 tokens/);
  await expect(page.getByTestId('pinned-budget')).not.toContainText(/~0 /);
});

test('/reiniciar keeps the pinned context when asked to, and drops it otherwise', async ({
  page,
}) => {
  fake.setScript({ kind: 'text', chunks: ['Vale.'] });
  await openChat(page);
  await enter(page, '/recordar');
  const chip = page.getByTestId('chip').filter({ hasText: '2024-05-01.md' });
  await chip.getByTestId('chip-pin').click();
  await ask(page, 'uno');
  await enter(page, '/reiniciar');
  await expect(page.getByTestId('reset-keep-pinned')).toBeChecked();
  await page.getByRole('button', { name: 'Borrar historial' }).click();
  await expect(page.getByTestId('message-assistant')).toHaveCount(0);
  expect(sentText((await ask(page, 'dos')).messages)).toContain('Hablamos del faro.');
  await enter(page, '/reiniciar');
  await page.getByTestId('reset-keep-pinned').uncheck();
  await page.getByRole('button', { name: 'Borrar historial' }).click();
  await expect(chip).toHaveCount(0);
  expect(sentText((await ask(page, 'tres')).messages)).not.toContain('Hablamos del faro.');
});

test('"Lo que se envió" lists every part, equal to what the upstream received', async ({
  page,
}) => {
  fake.setScript({ kind: 'text', chunks: ['Primera respuesta.'] });
  await openChat(page);
  await ask(page, 'Antes de nada');
  const chips = page.getByTestId('chips');
  await enter(page, '/unir "01_Caracter/Memoria activa.md"');
  await expect(chips).toContainText('Memoria activa');
  await enter(page, '/proyecto tesis');
  await expect(chips).toContainText('Proyecto: Tesis');
  await enter(page, '/recordar');
  await expect(chips).toContainText('2024-05-01.md');
  const message = '¿Qué relación hay?';
  const { answer, messages } = await ask(page, message);

  await answer.getByText(/Lo que se envió/).click();
  const rows = answer.getByTestId('sent-part');
  const parts = await rows.evaluateAll((lis) =>
    lis.map((li) => ({
      part: li.getAttribute('data-part') ?? '',
      message: Number(li.getAttribute('data-message')),
      chars: Number(li.getAttribute('data-chars')),
      text: li.querySelector('pre')?.textContent ?? null,
    })),
  );
  expect(parts.map((p) => p.part)).toEqual([
    'system',
    'rules',
    'profile',
    'synapse',
    'noteList',
    'userContext',
    'project',
    'recall',
    'history',
    'history',
    'message',
    'attachmentsIntro',
    'attachment',
  ]);
  expect(messages).toHaveLength(4);
  for (const [i, m] of messages.entries()) {
    const own = parts.filter((p) => p.message === i);
    // Each message is its parts joined by a blank line: the sizes add up to the character.
    expect(own.reduce((n, p) => n + p.chars, 0) + 2 * (own.length - 1)).toBe(m.content.length);
    const texts = own.map((p) => (p.part === 'message' ? message : p.text));
    if (texts.every((x) => x !== null)) expect(texts.join('\n\n')).toBe(m.content);
    else expect(own.map((p) => p.chars)).toEqual([m.content.length]);
  }
  expect(parts.find((p) => p.part === 'system')?.text).toBe(shipped.systemPrompt);
  const total = messages.reduce((n, m) => n + m.content.length, 0);
  await expect(answer.getByTestId('sent-total')).toHaveAttribute('data-chars', String(total));
  await expect(answer.getByTestId('sent-total')).toContainText(/16\.?384/);
});

test('the note list is a setting: an excluded folder and switching it off change what is sent', async ({
  page,
}) => {
  fake.setScript({ kind: 'text', chunks: ['Mira [[Nota fantasma]].'] });
  await openChat(page);
  const system = (m: { content: string }[]) => m[0]?.content ?? '';
  expect(system((await ask(page, 'uno')).messages)).toContain('Sueño del faro');

  // Opened by its summary, clicked again only while it is still closed: on a busy CI machine
  // one click left the field hidden for the whole minute (the panel shows after first paint).
  const setting = page.getByTestId('note-list-setting');
  await expect(async () => {
    if (!(await setting.evaluate((d) => (d as HTMLDetailsElement).open)))
      await setting.locator('summary').click();
    await expect(page.getByTestId('note-list-exclude')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('note-list-exclude').fill('04_Sueños');
  await page.getByTestId('note-list-exclude').press('Tab');
  const excluded = system((await ask(page, 'dos')).messages);
  expect(excluded).not.toContain('Sueño del faro');
  expect(excluded).toContain('Memoria activa');
  expect(excluded).toContain(shipped.prompts.vaultListing);

  await page.getByTestId('note-list-enabled').uncheck();
  const { answer, messages } = await ask(page, 'tres');
  expect(system(messages)).not.toContain(shipped.prompts.vaultListing);
  expect(system(messages)).not.toContain('Memoria activa');
  // Without the list, a link to a note that does not exist is still marked.
  await expect(answer.getByTestId('synapse-missing')).toHaveText('(no existe)');
  // The choice is kept: a reload still sends no list.
  await page.reload();
  await expect(page.getByTestId('composer')).toBeEnabled();
  // The conversation is shown again before `ask` counts its answers (on a busy machine
  // the composer was enabled first: `ask` counted none, then saw all four).
  await expect(page.getByTestId('message-assistant')).toHaveCount(3);
  expect(system((await ask(page, 'cuatro')).messages)).not.toContain(shipped.prompts.vaultListing);
});
