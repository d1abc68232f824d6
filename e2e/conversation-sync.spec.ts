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

test('a conversation started in the laptop tab continues on another device, and back', async ({
  browser,
  page,
  upstream,
}) => {
  const soma = await startSoma(sampleNotes, { harness: { providers: localChain(upstream) } });
  try {
    upstream.setScript({ kind: 'text', chunks: ['Tomates ', 'en primavera.'] });
    await openSignedIn(page, soma);
    await ask(page, '¿Qué sembramos?');

    // Another device: a second browser with a session of its own (the terminal's token).
    const { token } = JSON.parse(await readFile(join(soma.configDir, 'cli.json'), 'utf8'));
    // Phone-sized: the history list and the conversation as the phone shows them.
    const other = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    await other.addCookies([{ name: 'soma_session', value: token, url: soma.url }]);
    const phone = await other.newPage();
    await phone.goto(soma.url);
    await expect(phone.getByTestId('composer')).toBeEnabled();
    await phone.getByTestId('conversation-list').locator('summary').click();
    await expect(phone.getByTestId('conversation-sync')).toContainText(/Sincronizado/);
    await phone.locator('.conversation-item', { hasText: '¿Qué sembramos?' }).click();
    await expect(phone.getByTestId('message-assistant')).toHaveText(/Tomates en primavera\./);

    upstream.setScript({ kind: 'text', chunks: ['Ajos ', 'en otoño.'] });
    await ask(phone, '¿Y en otoño?');
    // The laptop tab hears of it and shows the turns it lacked.
    await expect(page.getByTestId('message-assistant').last()).toHaveText(/Ajos en otoño\./);
    await expect(page.getByTestId('message-assistant')).toHaveCount(2);

    // Offline, the phone still reads the conversation, from its own copy, and the history
    // list says when it last synced with the laptop.
    const sync = phone.getByTestId('conversation-sync');
    await phone.getByTestId('conversation-list').locator('summary').click();
    await expect(sync).toContainText(/Sincronizado con el portátil: \S/);
    const lastSync = (await sync.textContent())?.replace(/^.*: /, '') ?? '';
    await other.setOffline(true);
    await phone.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(phone.getByTestId('message-assistant')).toHaveCount(2);
    await expect(phone.getByTestId('message-assistant').last()).toHaveText(/Ajos en otoño\./);
    await expect(sync).toContainText(lastSync);
    await other.setOffline(false);

    // The laptop revokes the phone's session: the laptop's copy is closed to it at once.
    const read = () =>
      phone.evaluate(
        async () => (await fetch('/api/conversations', { credentials: 'same-origin' })).status,
      );
    expect(await read()).toBe(200);
    const revoked = await page.evaluate(async () => {
      const { sessions } = await (await fetch('/api/sessions')).json();
      const phoneSession = sessions.find((s: { current: boolean }) => !s.current);
      return (await fetch(`/api/sessions/${phoneSession.id}`, { method: 'DELETE' })).status;
    });
    expect(revoked).toBe(204);
    expect(await read()).toBe(401);
    await other.close();
  } finally {
    await soma.stop();
  }
});

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
