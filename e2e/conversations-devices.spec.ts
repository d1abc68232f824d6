import { spawn } from 'node:child_process';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import { ask, expect, localChain, sampleNotes, test } from './fixtures.ts';
import { LAN_HOST, type LanSoma, pairPhone, startLanSoma } from './lan-phone-soma.ts';

/**
 * The built `soma` command (what `bin/soma.mjs` runs) against the server of `soma`, with no
 * terminal: a session of its own, so it cannot reach the runner's `/dev/tty` either.
 */
function runSoma(
  soma: LanSoma,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['dist/cli/main.js', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SOMA_CONFIG_DIR: soma.configDir,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

test('a conversation goes from the laptop to a paired phone, offline, the terminal and back, and a revoked phone reads it no more', async ({
  upstream,
}) => {
  test.setTimeout(180_000);
  const soma = await startLanSoma(sampleNotes, { harness: { providers: localChain(upstream) } });
  // The phone trusts only this server's key and reaches soma.test on 127.0.0.1.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...chromiumArgs,
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${soma.spki}`,
    ],
  });
  try {
    const laptopContext = await browser.newContext({
      locale: 'es-ES',
      viewport: { width: 1280, height: 800 },
    });
    const laptop = await laptopContext.newPage();
    await laptop.goto(soma.loginLink);
    await expect(laptop.getByTestId('composer')).toBeEnabled();
    const phoneContext = await browser.newContext({ ...devices['Pixel 7'], locale: 'es-ES' });
    const phone = await pairPhone(soma, laptop, phoneContext, 'Pixel de Ana');

    // Started on the laptop…
    await laptop.goto(`${new URL(soma.loginLink).origin}/#/`);
    await expect(laptop.getByTestId('composer')).toBeEnabled();
    upstream.setScript({ kind: 'text', chunks: ['Tomates ', 'en primavera.'] });
    await ask(laptop, '¿Qué sembramos?');

    // …continued on the paired phone, from its history list.
    const list = phone.getByTestId('conversation-list');
    const sync = phone.getByTestId('conversation-sync');
    await list.locator('summary').click();
    await expect(sync).toContainText(/Sincronizado/);
    await phone.locator('.conversation-item', { hasText: '¿Qué sembramos?' }).click();
    await expect(phone.getByTestId('message-assistant')).toHaveText(/Tomates en primavera\./);
    upstream.setScript({ kind: 'text', chunks: ['Ajos ', 'en otoño.'] });
    await ask(phone, '¿Y en otoño?');
    // The laptop tab hears of it and shows the turns it lacked, with no reload.
    await expect(laptop.getByTestId('message-assistant').last()).toHaveText(/Ajos en otoño\./);
    await expect(laptop.getByTestId('message-assistant')).toHaveCount(2);

    // Offline, the phone still reads the conversation from its own copy, and the history
    // list says it cannot reach the laptop and when it last synced with it.
    await list.locator('summary').click();
    await expect(sync).toHaveText(/^Sincronizado con el portátil: \S/);
    const lastSync = (await sync.textContent())?.replace(/^.*: /, '') ?? '';
    await phoneContext.setOffline(true);
    await phone.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(sync).toHaveText(
      `Sin conexión con el portátil. Última sincronización: ${lastSync}`,
    );
    await expect(phone.getByTestId('message-assistant')).toHaveCount(2);
    await expect(phone.getByTestId('message-assistant').last()).toHaveText(/Ajos en otoño\./);
    await phoneContext.setOffline(false);
    await phone.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(sync).toHaveText(/^Sincronizado con el portátil: \S/);

    // The terminal lists it, continues it by its id, and the laptop shows that turn too.
    const listed = await runSoma(soma, ['--conversaciones']);
    expect(listed.status).toBe(0);
    const id = /^(\S+) .*¿Qué sembramos\?$/m.exec(listed.stdout)?.[1];
    expect(id, listed.stdout).toBeDefined();
    upstream.setScript({ kind: 'text', chunks: ['Habas ', 'en invierno.'] });
    const run = await runSoma(soma, ['--conversacion', id ?? '', '¿Y', 'en', 'invierno?']);
    expect(run.stderr).not.toContain('soma:');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('Habas en invierno.\n');
    expect(upstream.requests.at(-1)?.body).toMatchObject({
      messages: expect.arrayContaining([{ role: 'assistant', content: 'Ajos en otoño.' }]),
    });
    await expect(laptop.getByTestId('message-user').last()).toHaveText(/¿Y en invierno\?/);
    await expect(laptop.getByTestId('message-assistant')).toHaveCount(3);
    await expect(laptop.getByTestId('message-assistant').last()).toHaveText(/Habas en invierno\./);
    await expect(laptop.getByTestId('message-assistant').last()).toHaveAttribute(
      'data-status',
      'complete',
    );

    // The laptop revokes the phone: the laptop's copy is closed to it at once.
    const read = (path: string) =>
      phone.evaluate(async (p) => (await fetch(p, { credentials: 'same-origin' })).status, path);
    expect(await read(`/api/conversations/${id}`)).toBe(200);
    await laptop.goto(`${new URL(soma.loginLink).origin}/#/dispositivos`);
    const row = laptop.getByTestId('device').filter({ hasText: 'Pixel de Ana' });
    const revoked = laptop.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/api/sessions/'),
    );
    await row.getByTestId('device-revoke').click();
    expect((await revoked).status()).toBe(204);
    await expect(row).toHaveCount(0);
    expect(await read(`/api/conversations/${id}`)).toBe(401);
    expect(await read('/api/conversations')).toBe(401);
  } finally {
    await browser.close();
    await soma.stop();
  }
});
