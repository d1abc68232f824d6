import { test as base, expect, type Page } from '@playwright/test';
import type { Provider } from '../harness/schema.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/** A small vault with links, a missing link and a folder, used by most tests. */
export const sampleNotes: Record<string, string> = {
  '03_Proyectos/Tesis.md':
    '---\ntags: [tesis, memoria]\n---\n# Tesis\n\nLa tesis trata de la [[Memoria activa]] y de [[Nota inexistente]].\n',
  '01_Caracter/Memoria activa.md': '# Memoria activa\n\nVuelve a la [[Tesis|tesis]].\n',
  '04_Sueños/Sueño del faro.md': '# Sueño del faro\n\nUn faro en la niebla.\n',
};

/**
 * A two-link chain on the fake upstream: `primero` (model `m1`) then `segundo`
 * (model `m2`), both keyless like a local server, so scripts can fail one by model.
 */
/** One keyless provider at the fake upstream: the simplest chain that answers. */
export function localChain(upstream: FakeUpstream): Provider[] {
  return [
    {
      id: 'local',
      label: 'Local',
      baseUrl: upstream.url,
      apiKeyEnv: null,
      models: ['m1'],
      timeoutMs: 5_000,
    },
  ];
}

export function fakeChain(upstream: FakeUpstream): Provider[] {
  return [
    {
      id: 'primero',
      label: 'Primero',
      baseUrl: upstream.url,
      apiKeyEnv: null,
      models: ['m1'],
      timeoutMs: 2_000,
    },
    {
      id: 'segundo',
      label: 'Segundo',
      baseUrl: upstream.url,
      apiKeyEnv: null,
      models: ['m2'],
      timeoutMs: 2_000,
    },
  ];
}

export const test = base.extend<{ soma: RunningSoma; upstream: FakeUpstream }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  upstream: async ({}, use) => {
    const upstream = await startFakeUpstream();
    await use(upstream);
    await upstream.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  soma: async ({}, use) => {
    const soma = await startSoma(sampleNotes);
    await use(soma);
    await soma.stop();
  },
});

export { expect };

/** Opens SOMA through its start-up link and waits until the conversation is shown. */
export async function openSignedIn(page: Page, soma: RunningSoma): Promise<void> {
  await page.goto(soma.loginLink);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  // The composer opens once the conversation and its draft are loaded.
  await expect(page.getByTestId('composer')).toBeEnabled();
}

/**
 * How many search indexes the page's IndexedDB holds (`soma`, store `searchIndex`):
 * 0 before the search worker's first save (or before the database exists), then 1.
 */
export function savedSearchIndexes(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('soma');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('searchIndex')) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction('searchIndex').objectStore('searchIndex').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
          db.close();
        };
      }),
  );
}

/**
 * Waits until the page has run what was already queued and painted twice: a check that
 * something did NOT happen (a send, a script) waits on this instead of a fixed pause.
 */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Types into the chat box and presses Enter, as a person sends a message or a command. */
export async function enter(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('composer');
  await composer.fill(text);
  await composer.press('Enter');
}

/**
 * Starts a new conversation and waits until it is shown (an empty log, the composer
 * open): a message typed before that would land in, or be counted against, the old one.
 */
export async function newConversation(page: Page): Promise<void> {
  await page.getByTestId('new-conversation').click();
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await expect(page.getByTestId('message-assistant')).toHaveCount(0);
  await expect(page.getByTestId('composer')).toBeEnabled();
}

/** Sends a message and waits until its answer is complete. */
export async function ask(page: Page, text: string) {
  const before = await page.getByTestId('message-assistant').count();
  await enter(page, text);
  const answer = page.getByTestId('message-assistant').nth(before);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  return answer;
}

/**
 * `/unir NAME` as a person types it: the note list opens, Enter picks the first
 * suggestion, and a second Enter sends (the first only completes the name).
 */
export async function attachByName(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('composer');
  await composer.fill(text);
  await expect(page.locator('#note-suggestions')).toBeVisible();
  await composer.press('Enter');
  await expect(page.locator('#note-suggestions')).toBeHidden();
  await composer.press('Enter');
}
