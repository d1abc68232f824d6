import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, devices, expect, type Page, test } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../playwright.config.ts';
import { savedSearchIndexes } from './fixtures.ts';
import { LAN_HOST, type LanSoma, startLanSoma } from './lan-phone-soma.ts';

const CLOSING = '02_Conciencia/sesiones/2026-11-29 Cierre.md';
const NOTE = '03_Proyectos/Faro.md';
const notes = {
  [CLOSING]: '---\ntipo: cierre\n---\n# Cierre del domingo\n\nHoy cerramos el capítulo del faro.\n',
  [NOTE]: '# Faro\n\nEl faro alumbra la costa de Asturias.\n',
};

let soma: LanSoma;
let browser: Browser;
test.beforeAll(async () => {
  soma = await startLanSoma(notes);
  // The phone trusts only this server's key and reaches soma.test on 127.0.0.1 (docs/FACTS.md).
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...chromiumArgs,
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${soma.spki}`,
    ],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await soma?.stop();
});

const phoneContext = () => browser.newContext({ ...devices['Pixel 7'], locale: 'es-ES' });

async function noSeriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
}

test('a phone pairs through the QR link, then reads closings and saved notes offline', async () => {
  test.setTimeout(90_000);
  const laptop = await (
    await browser.newContext({ locale: 'es-ES', viewport: { width: 1366, height: 768 } })
  ).newPage();
  await laptop.goto(soma.loginLink);
  await laptop.goto(`${new URL(soma.loginLink).origin}/#/dispositivos`);
  await expect(laptop.getByTestId('ca-fingerprint')).toHaveText(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  await laptop.getByTestId('add-device').click();
  await expect(laptop.getByTestId('pairing-qr')).toBeVisible();
  // The code expires in two minutes: the QR comes into view by itself.
  await expect(laptop.getByTestId('pairing-qr')).toBeInViewport({ ratio: 1 });
  const link = (await laptop.getByTestId('pairing-url').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${soma.lanUrl}/pair#[\\w-]+$`));

  const phoneCtx = await phoneContext();
  const phone = await phoneCtx.newPage();
  await phone.goto(link);
  await expect(phone.getByTestId('pair-page')).toBeVisible();
  expect(phone.url()).not.toContain('#');
  await noSeriousViolations(phone);
  await phone.getByLabel('Nombre de este dispositivo').fill('Pixel de Ana');
  await phone.getByRole('button', { name: 'Pedir acceso' }).click();
  await expect(phone.getByTestId('pair-waiting')).toBeVisible();

  await expect(laptop.getByTestId('pairing-ask')).toHaveText('¿Emparejar «Pixel de Ana»?');
  await expect(laptop.getByTestId('pairing-ask')).toBeInViewport({ ratio: 1 });
  await laptop.getByRole('button', { name: 'Emparejar', exact: true }).click();

  // Approved: the phone has its own session and opens the app over HTTPS.
  await phone.waitForURL(`${soma.lanUrl}/#/`);
  await expect(phone.getByTestId('tree-toggle')).toBeVisible({ timeout: 30_000 });
  expect(await phone.evaluate(() => window.isSecureContext)).toBe(true);
  // The laptop's list shows the new phone by itself, with no reload.
  await expect(laptop.getByTestId('device-name').filter({ hasText: 'Pixel de Ana' })).toBeVisible();
  // On the phone its own session reads «este dispositivo» with «Salir»; the laptop's has
  // no «Revocar», since only the laptop ends other sessions.
  await phone.goto(`${soma.lanUrl}/#/dispositivos`);
  const own = phone.locator('[data-testid="device"][data-current="true"]');
  await expect(own.getByTestId('device-name')).toHaveText('Pixel de Ana');
  await expect(own.getByTestId('device-sign-out')).toBeVisible();
  await expect(phone.locator('[data-testid="device"][data-current="false"]')).not.toHaveCount(0);
  await expect(phone.getByTestId('device-revoke')).toHaveCount(0);
  await phone.goto(`${soma.lanUrl}/#/`);
  await phone.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => phone.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  for (const [path, text] of [
    [NOTE, 'alumbra la costa'],
    [CLOSING, 'cerramos el capítulo'],
  ] as const) {
    await phone.goto(`${soma.lanUrl}/#/nota/${path.split('/').map(encodeURIComponent).join('/')}`);
    await expect(phone.getByTestId('note-view')).toContainText(text);
  }

  // The search worker saved its index (IndexedDB `soma`, store `searchIndex`) after the sync.
  await expect.poll(() => savedSearchIndexes(phone)).toBeGreaterThan(0);

  await phoneCtx.setOffline(true);
  await phone.goto(`${soma.lanUrl}/#/`);
  await phone.reload();
  const home = phone.getByTestId('offline-home');
  await expect(home).toBeVisible({ timeout: 30_000 });
  // Said once: what works offline and what needs the server, one «Sin conexión».
  await expect(phone.getByTestId('offline-banner')).toHaveText(
    'Sin conexión: puedes leer los cierres y las notas guardadas. El chat y las propuestas necesitan el servidor.',
  );
  // And not a second one on top of it saying the server cannot be reached.
  await expect(phone.getByTestId('error-banner')).toHaveCount(0);
  // The offline page keeps side margins: its text does not touch the screen's edges.
  const box = await phone.getByTestId('offline-banner').boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(8);
  await noSeriousViolations(phone);
  await phone.getByRole('link', { name: '2026-11-29 Cierre' }).click();
  await expect(phone.getByTestId('note-view')).toContainText('Hoy cerramos el capítulo del faro.');
  await phone.getByRole('link', { name: /Volver/ }).click();
  // Full text through the search worker, over the index it saved in IndexedDB: another
  // form of a word in a note's body ("alumbra"), which no substring filter would find.
  const search = phone.getByLabel('Buscar en las notas guardadas');
  await search.fill('alumbrar');
  await expect(phone.getByTestId('offline-list').getByRole('listitem')).toHaveCount(1);
  await expect(phone.getByTestId('offline-list')).toContainText('alumbra la costa');
  await search.fill('asturias');
  await expect(phone.getByTestId('offline-list').getByRole('listitem')).toHaveCount(1);
  await phone.getByRole('link', { name: 'Faro' }).click();
  await expect(phone.getByTestId('note-view')).toContainText('El faro alumbra la costa');
  await phoneCtx.close();
});

test('the same phone without pairing sees nothing of the vault', async () => {
  const ctx = await phoneContext();
  const phone = await ctx.newPage();
  await phone.goto(`${soma.lanUrl}/`);
  await expect(phone.getByTestId('login-required')).toBeVisible();
  const statuses = await phone.evaluate(async () => {
    const paths = ['/api/vault/folder', '/api/vault/manifest', '/api/sessions', '/api/lan'];
    return Promise.all(paths.map(async (p) => (await fetch(p)).status));
  });
  expect(statuses).toEqual([401, 401, 401, 401]);
  const pairing = await phone.evaluate(
    async () => (await fetch('/api/pairing', { method: 'POST' })).status,
  );
  expect(pairing).toBe(401);
  await noSeriousViolations(phone);
  await ctx.close();
});

test('the terminal’s token from cli.json opens nothing on the LAN, and still works on loopback', async () => {
  // cli.json is written once the server listens, just after the login link is printed.
  const cli = async () => JSON.parse(await readFile(join(soma.configDir, 'cli.json'), 'utf8'));
  await expect.poll(async () => (await cli().catch(() => null))?.token ?? null).not.toBeNull();
  const { url, token } = (await cli()) as { url: string; token: string };
  const onLoopback = await fetch(`${url}/api/vault/manifest`, {
    headers: { cookie: `soma_session=${token}` },
  });
  expect(onLoopback.status).toBe(200);
  const ctx = await phoneContext();
  await ctx.addCookies([{ name: 'soma_session', value: token, url: soma.lanUrl }]);
  const phone = await ctx.newPage();
  await phone.goto(`${soma.lanUrl}/`);
  const statuses = await phone.evaluate(async () => {
    const paths = ['/api/session', '/api/vault/manifest', '/api/sessions'];
    return Promise.all(paths.map(async (p) => (await fetch(p)).status));
  });
  expect(statuses).toEqual([401, 401, 401]);
  await expect(phone.getByTestId('login-required')).toBeVisible();
  await ctx.close();
});
