import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { FakeUpstream } from '../testing/server/fake-upstream/fake-upstream.ts';
import { ask, enter, expect, fakeChain, openSignedIn, sampleNotes, test } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

const NOTE = '04_Sueños/Sueño del faro.md';
/** The user's own bytes: a BOM and CRLF line ends, which a text round trip would lose. */
const ORIGINAL = '\ufeff# Sueño del faro\r\n\r\nUn faro en la niebla.\r\n';

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

/** Opens the chat and overwrites NOTE with the answer, approved with Sobrescribir. */
async function overwriteNote(page: Page, upstream: FakeUpstream) {
  upstream.setScript({ kind: 'text', chunks: ['# Sueño del faro\n\nUn faro ', 'al amanecer.\n'] });
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  await soma.writeNote(NOTE, ORIGINAL);
  await openSignedIn(page, soma);
  const answer = await ask(page, 'Reescribe el sueño');
  await enter(page, `/registrar ${NOTE}`);
  const card = answer.getByTestId('proposal');
  await card.getByTestId('proposal-overwrite').click();
  await expect(card).toHaveAttribute('data-state', 'approved');
  const path = join(soma.vault, NOTE);
  expect(await readFile(path, 'utf8')).toBe('# Sueño del faro\n\nUn faro al amanecer.\n');
  return { card, path };
}

test("the note's history shows the write's diff, and restoring brings back the original bytes", async ({
  page,
  upstream,
}) => {
  const { path } = await overwriteNote(page, upstream);
  await page.getByTestId('audit-link').click();
  // What the history takes on disk is shown, with where it lives for the backups.
  const usage = page.getByTestId('history-usage');
  await expect(usage).toContainText('(escrituras guardadas: 1)');
  await expect(usage).toContainText('history/');
  expect(Number(await usage.getAttribute('data-bytes'))).toBeGreaterThan(ORIGINAL.length);
  await page.getByTestId('audit-history').first().click();
  const history = page.getByTestId('note-history');
  const write = history.getByTestId('history-write');
  await expect(write).toHaveCount(1);
  await expect(write).toHaveAttribute('data-state', 'current');
  await write.getByRole('button', { name: 'Ver cambios' }).click();
  const diff = write.getByTestId('diff-view');
  // Every line changed (the CRLF ends and the BOM went): the whole old text is removed.
  await expect(diff.locator('[data-kind="del"]').last()).toContainText('-Un faro en la niebla.');
  await expect(diff.locator('[data-kind="add"]').last()).toContainText('+Un faro al amanecer.');

  await write.getByTestId('history-restore-before').click();
  const restore = history.getByTestId('restore-card');
  await expect(restore).toContainText(`restaurar una versión anterior de ${NOTE}`);
  await restore.getByTestId('restore-approve').click();
  await expect(history).toContainText('Hecho');
  expect(await readFile(path)).toEqual(Buffer.from(ORIGINAL));
  // The restore is a write too: it heads the list, and can itself be undone.
  await expect(write).toHaveCount(2);
  await expect(write.first()).toContainText('Restauración');
});

test('«Deshacer» on the approved card proposes the previous version back', async ({
  page,
  upstream,
}) => {
  const { card, path } = await overwriteNote(page, upstream);
  await card.getByTestId('proposal-undo').click();
  const undo = page.locator('[data-testid="proposal"][data-kind="restore"]');
  await expect(undo).toContainText('-Un faro al amanecer.');
  await undo.getByTestId('proposal-overwrite').click();
  await expect(undo).toHaveAttribute('data-state', 'approved');
  expect(await readFile(path)).toEqual(Buffer.from(ORIGINAL));
});

/** The undo proposal a card's «Deshacer» adds, approved; it must bring `path` back to `bytes`. */
async function undoFromCard(page: Page, card: ReturnType<Page['getByTestId']>) {
  await card.getByTestId('proposal-undo').click();
  const undo = page.locator('[data-testid="proposal"][data-kind="restore"]');
  await expect(undo).toHaveCount(1);
  await undo.getByTestId('proposal-overwrite').click();
  await expect(undo).toHaveAttribute('data-state', 'approved');
}

test('«Deshacer» on an /anexar card brings the note back byte for byte', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'text', chunks: ['Una idea ', 'nueva.'] });
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  await soma.writeNote(NOTE, ORIGINAL);
  await openSignedIn(page, soma);
  await ask(page, 'Dame una idea');
  await enter(page, `/anexar ${NOTE}`);
  const append = page.locator('[data-testid="proposal"][data-kind="append"]');
  await append.getByTestId('proposal-overwrite').click();
  await expect(append).toHaveAttribute('data-state', 'approved');
  const path = join(soma.vault, NOTE);
  expect(await readFile(path, 'utf8')).toContain('Una idea nueva.');
  await undoFromCard(page, append);
  expect(await readFile(path)).toEqual(Buffer.from(ORIGINAL));
});

test('«Deshacer» on an approved link takes its line out of the connections file', async ({
  page,
  upstream,
}) => {
  const LOG = '02_Conciencia/sesiones/sinapsis_log.txt';
  const EARLIER = '2026-01-01 10:00 [[Tesis]] -> [[Memoria activa]]\r\n';
  upstream.setScript({ kind: 'text', chunks: ['Conecta con [[Memoria activa]].'] });
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  await soma.writeNote(LOG, EARLIER);
  await openSignedIn(page, soma);
  const answer = await ask(page, 'Hola');
  const link = answer.getByTestId('proposal').first();
  await link.getByTestId('proposal-approve').click();
  await expect(link).toHaveAttribute('data-state', 'approved');
  const path = join(soma.vault, LOG);
  expect(await readFile(path, 'utf8')).toContain('| [[Memoria activa]] |');
  await undoFromCard(page, link);
  expect(await readFile(path)).toEqual(Buffer.from(EARLIER));
});

test('an edit made outside SOMA after a write shows in the restore, and stays recoverable', async ({
  page,
  upstream,
}) => {
  const { card, path } = await overwriteNote(page, upstream);
  const EXTERNAL = '# Sueño del faro\n\nUn faro al amanecer.\n\nLo que escribí en Obsidian.\n';
  await soma?.writeNote(NOTE, EXTERNAL);
  // The card no longer offers to undo: that would drop the line typed elsewhere.
  await expect(card.getByTestId('proposal-undo-changed')).toBeVisible();
  await expect(card.getByTestId('proposal-undo')).toHaveCount(0);

  await page.getByTestId('audit-link').click();
  await page.getByTestId('audit-history').first().click();
  const history = page.getByTestId('note-history');
  const write = history.getByTestId('history-write');
  await expect(write).toHaveAttribute('data-state', 'changed');
  await write.getByTestId('history-restore-before').click();
  const restore = history.getByTestId('restore-card');
  // The restore's diff is against the file now: the external line is shown going.
  await expect(restore.getByTestId('diff-view')).toContainText('-Lo que escribí en Obsidian.');
  await restore.getByTestId('restore-approve').click();
  await expect(history).toContainText('Hecho');
  expect(await readFile(path)).toEqual(Buffer.from(ORIGINAL));

  // The restore kept the external version: restoring what it replaced brings it back.
  await expect(write).toHaveCount(2);
  await write.first().getByTestId('history-restore-before').click();
  await expect(history.getByTestId('restore-card').getByTestId('diff-view')).toContainText(
    '+Lo que escribí en Obsidian.',
  );
  await history.getByTestId('restore-card').getByTestId('restore-approve').click();
  await expect(write).toHaveCount(3);
  expect(await readFile(path, 'utf8')).toBe(EXTERNAL);
});

test('the approved cards of an answer ask for their files in one request', async ({
  page,
  upstream,
}) => {
  upstream.setScript({
    kind: 'text',
    chunks: ['Conecta con [[Memoria activa]], [[Tesis]] y [[Sueño del faro]].'],
  });
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  await soma.writeNote(NOTE, ORIGINAL);
  await openSignedIn(page, soma);
  const answer = await ask(page, 'Hola');
  const cards = answer.getByTestId('proposal');
  await expect(cards).toHaveCount(3);
  for (const i of [0, 1, 2]) {
    await cards.nth(i).getByTestId('proposal-approve').click();
    await expect(cards.nth(i)).toHaveAttribute('data-state', 'approved');
  }
  // A fresh page draws the three cards at once: they share one request.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/history/')) asked.push(r.url());
  });
  await page.reload();
  const again = page.getByTestId('proposal');
  await expect(again).toHaveCount(3);
  // All three lines went to the synapse log: only the last one's write is still on disk.
  await expect(page.getByTestId('proposal-undo')).toHaveCount(1);
  await expect(page.getByTestId('proposal-undo-changed')).toHaveCount(2);
  // The cards asked once, for their one file (a focus may ask again, together too).
  const urls = asked.map((u) => new URL(u));
  expect(urls.map((u) => u.pathname).every((p) => p === '/api/history/current')).toBe(true);
  expect(urls[0]?.searchParams.getAll('path')).toEqual(['02_Conciencia/sesiones/sinapsis_log.txt']);
});
