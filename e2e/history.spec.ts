import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { FakeUpstream } from '../server/testing/fake-upstream/fake-upstream.ts';
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
