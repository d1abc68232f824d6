import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openSignedIn, sampleNotes, test } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/**
 * The service worker's update prompt. The server serves the PWA from `dist/web` next to
 * its own script (the app root is found from `dist/server/main.js`), so the test runs a
 * copy of `dist/` in a temp folder and replaces the copy's files with "version B" while
 * the page is open, as `npm run build` over a running SOMA would.
 */
let app: string | undefined;
let soma: RunningSoma | undefined;

test.afterEach(async () => {
  await soma?.stop();
  if (app) await rm(app, { recursive: true, force: true });
});

/** A throwaway app root: a copy of `dist/`, and links to the packages and the harness. */
async function copyApp(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'soma-update-'));
  await cp(resolve('dist'), join(root, 'dist'), { recursive: true });
  await cp(resolve('package.json'), join(root, 'package.json'));
  await symlink(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  await symlink(resolve('harness'), join(root, 'harness'), 'dir');
  return root;
}

/** `startSoma` runs `dist/server/main.js` from the working folder: run it from the copy. */
async function startFrom(root: string): Promise<RunningSoma> {
  const here = process.cwd();
  process.chdir(root);
  try {
    return await startSoma(sampleNotes);
  } finally {
    process.chdir(here);
  }
}

/** "Version B": a marked index.html, and a service worker whose precache lists it anew. */
async function publishVersionB(root: string): Promise<void> {
  const web = join(root, 'dist', 'web');
  const index = join(web, 'index.html');
  const html = await readFile(index, 'utf8');
  await writeFile(
    index,
    html.replace('<head>', '<head>\n    <meta name="soma-build" content="B" />'),
  );
  // The build's compressed copies are version A's: without them the server sends the file.
  await rm(`${index}.br`, { force: true });
  await rm(`${index}.gz`, { force: true });
  const swFile = join(web, 'sw.js');
  const sw = await readFile(swFile, 'utf8');
  const next = sw.replace(
    /(\{url:"index\.html",revision:")[0-9a-f]+"/,
    '$1b0000000000000000000000000000b"',
  );
  expect(next).not.toBe(sw);
  await writeFile(swFile, next);
}

const build = (page: Page) =>
  page.evaluate(
    () => document.querySelector('meta[name="soma-build"]')?.getAttribute('content') ?? 'A',
  );

test('a new version is announced and "Recargar" loads it', async ({ page }) => {
  app = await copyApp();
  soma = await startFrom(app);
  await openSignedIn(page, soma);
  // Version A's service worker installs and takes the page (clientsClaim).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  await publishVersionB(app);
  await page.reload();
  // Still version A (the old worker serves its cached shell) until the user chooses.
  await expect(page.getByTestId('chat-view')).toBeVisible();
  expect(await build(page)).toBe('A');
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText('Hay una versión nueva de SOMA');

  await Promise.all([
    page.waitForEvent('load', { timeout: 30_000 }),
    prompt.getByRole('button', { name: 'Recargar' }).click(),
  ]);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  expect(await build(page)).toBe('B');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
});
