import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { enter, expect, localChain, openSignedIn, sampleNotes, test } from './fixtures.ts';
import { startSoma } from './soma-server.ts';

/** Sends `text` and waits for its answer to finish. */
async function ask(page: Page, text: string) {
  const answers = page.getByTestId('message-assistant');
  const count = await answers.count();
  await enter(page, text);
  await expect(answers).toHaveCount(count + 1);
  await expect(answers.last()).toHaveAttribute('data-status', 'complete');
}

// A conversation continued on a paired phone, offline, by the terminal and after a
// revocation: e2e/conversations-devices.spec.ts.

test('a device that opens a conversation while its answer streams elsewhere watches it arrive', async ({
  browser,
  page,
  upstream,
}) => {
  const soma = await startSoma(sampleNotes, { harness: { providers: localChain(upstream) } });
  try {
    const words =
      'Tomates en primavera, ajos en otoño y habas en invierno, con paciencia; ' +
      'y en verano, calabacines y judías, regando al caer la tarde.';
    const chunks = words.split(/(?<= )/);
    // Slow enough (~16 s in all) that the other device opens the conversation before it
    // ends, even on a busy machine where a page's first load takes seconds.
    upstream.setScript({ kind: 'text', chunks, delayMs: 700 });
    await openSignedIn(page, soma);
    await enter(page, '¿Qué sembramos?');
    await expect(page.getByTestId('message-assistant')).toContainText('Tomates');

    const { token } = JSON.parse(await readFile(join(soma.configDir, 'cli.json'), 'utf8'));
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await other.addCookies([{ name: 'soma_session', value: token, url: soma.url }]);
    const phone = await other.newPage();
    await phone.goto(soma.url);
    await expect(phone.getByTestId('composer')).toBeEnabled();
    await phone.getByTestId('conversation-list').locator('summary').click();
    await phone.locator('.conversation-item', { hasText: '¿Qué sembramos?' }).click();
    const watched = phone.getByTestId('message-assistant');
    // Still being written on the laptop: shown as it grows, then as the finished turn.
    await expect(watched).toHaveAttribute('data-status', 'streaming');
    await expect(watched).toContainText('Tomates');
    await expect(watched).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
    await expect(watched).toContainText(words);
    await expect(watched).toHaveCount(1);
    await other.close();
  } finally {
    await soma.stop();
  }
});

test('the pinned memory chip of a conversation shows on the other device too', async ({
  browser,
  page,
  upstream,
}) => {
  const notes = {
    ...sampleNotes,
    '02_Conciencia/sesiones/2024-05-01.md': '## Resumen\n\nHablamos del faro.\n',
  };
  const soma = await startSoma(notes, { harness: { providers: localChain(upstream) } });
  try {
    upstream.setScript({ kind: 'text', chunks: ['Vale.'] });
    await openSignedIn(page, soma);
    await enter(page, '/recordar');
    const chip = page.getByTestId('chip').filter({ hasText: '2024-05-01.md' });
    await chip.getByTestId('chip-pin').click();
    await ask(page, '¿Qué dijimos?');

    const { token } = JSON.parse(await readFile(join(soma.configDir, 'cli.json'), 'utf8'));
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await other.addCookies([{ name: 'soma_session', value: token, url: soma.url }]);
    const phone = await other.newPage();
    await phone.goto(soma.url);
    await expect(phone.getByTestId('composer')).toBeEnabled();
    await phone.getByTestId('conversation-list').locator('summary').click();
    await phone.locator('.conversation-item', { hasText: '¿Qué dijimos?' }).click();
    const there = phone.getByTestId('chip').filter({ hasText: '2024-05-01.md' });
    await expect(there).toHaveAttribute('data-pinned', 'true');
    await other.close();
  } finally {
    await soma.stop();
  }
});
