import { expect, test } from '@playwright/test';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { sampleNotes } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

let fake: FakeUpstream;
let soma: RunningSoma;
test.beforeAll(async () => {
  fake = await startFakeUpstream({ defaultScript: { kind: 'echo' } });
});
test.afterAll(() => fake.close());
test.afterEach(() => soma.stop());

test('on a phone the composer is reachable, a send button answers, nothing scrolls sideways', async ({
  page,
}) => {
  const providers = [
    {
      id: 'local',
      label: 'Local',
      baseUrl: fake.url,
      apiKeyEnv: null,
      models: ['m1'],
      timeoutMs: 5_000,
    },
  ];
  soma = await startSoma(sampleNotes, { harness: { providers } });
  await page.goto(soma.loginLink);
  const composer = page.getByTestId('composer');
  await expect(composer).toBeInViewport();
  await composer.fill('/unir Tesis');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('chip')).toContainText('Tesis');
  await composer.fill('Hola desde el móvil');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('message-assistant').last()).toContainText('Eco de m1');
  await expect(composer).toBeInViewport();
  await page.getByTestId('composer').fill('/ayuda');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('help-table')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
