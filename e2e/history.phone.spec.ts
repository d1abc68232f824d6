import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, fakeChain, openSignedIn, sampleNotes, test } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

const NOTE = '04_Sueños/Sueño del faro.md';
const ORIGINAL = '# Sueño del faro\r\n\r\nUn faro en la niebla.\r\n';

let soma: RunningSoma | null = null;
test.afterEach(async () => {
  await soma?.stop();
  soma = null;
});

/** Types into the composer and sends with the button, as a thumb does. */
async function send(page: Page, text: string) {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('send').click();
}

test("on a phone a note's history shows its writes, and a restore is proposed and approved like any write", async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'text', chunks: ['# Sueño del faro\n\nUn faro ', 'al amanecer.\n'] });
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  await soma.writeNote(NOTE, ORIGINAL);
  await openSignedIn(page, soma);
  await send(page, 'Reescribe el sueño');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await send(page, `/registrar ${NOTE}`);
  const card = answer.getByTestId('proposal');
  await card.getByTestId('proposal-overwrite').click();
  await expect(card).toHaveAttribute('data-state', 'approved');
  const path = join(soma.vault, NOTE);
  expect(await readFile(path, 'utf8')).toBe('# Sueño del faro\n\nUn faro al amanecer.\n');

  // The note's own view carries its history on the phone too.
  await page.goto(`${soma.url}/#/nota/${NOTE.split('/').map(encodeURIComponent).join('/')}`);
  await expect(page.getByTestId('note-view')).toContainText('Un faro al amanecer.');
  const disclosure = page.getByTestId('note-history-disclosure');
  await disclosure.locator('summary').click();
  const write = disclosure.getByTestId('history-write');
  await expect(write).toHaveCount(1);
  await write.getByRole('button', { name: 'Ver cambios' }).click();
  await expect(write.getByTestId('diff-view')).toContainText('+Un faro al amanecer.');
  await write.getByTestId('history-restore-before').click();
  const restore = disclosure.getByTestId('restore-card');
  await expect(restore.getByTestId('diff-view')).toContainText('+Un faro en la niebla.');
  await expect(restore.getByTestId('restore-approve')).toBeInViewport();
  await restore.getByTestId('restore-approve').click();
  await expect(disclosure).toContainText('Hecho');
  expect(await readFile(path)).toEqual(Buffer.from(ORIGINAL));
  await expect(write).toHaveCount(2);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
