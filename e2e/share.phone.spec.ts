import { expect, fakeChain, openSignedIn, sampleNotes, test, twoFrames } from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/**
 * Share to SOMA (Web Share Target, `GET /compartir?title&text&url`): what another app
 * shares waits in the composer for the user to review; nothing reaches the model.
 */
let soma: RunningSoma;
test.afterEach(() => soma.stop());

test('shared text arrives as a /conectar chip, unsent', async ({ page, upstream }) => {
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  await openSignedIn(page, soma);
  const title = 'Artículo sobre faros';
  const text = 'Los faros guían a los barcos en la niebla.';
  const query = new URLSearchParams({ title, text });
  await page.goto(`${soma.url}/compartir?${query}`);
  await expect(page.getByTestId('chat-view')).toBeVisible();
  const chip = page.getByTestId('chip');
  await expect(chip).toHaveCount(1);
  await expect(chip).toHaveAttribute('data-kind', 'paste');
  // Title and text together, as one pasted text.
  await expect(chip).toContainText(`(${`${title}\n${text}`.length} caracteres)`);
  // The URL is replaced at once: a reload does not share twice, the text leaves history.
  expect(new URL(page.url()).pathname).toBe('/');
  expect(page.url()).not.toContain('faros');
  await expect(page.getByTestId('composer')).toHaveValue('');
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  expect(upstream.requests).toHaveLength(0);
});

test('a shared link arrives as /extraer URL in the composer, unsent', async ({
  page,
  upstream,
}) => {
  soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  // A send shows here as soon as the page makes it, before the server or upstream see it.
  const chatRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/chat') chatRequests.push(r.url());
  });
  await openSignedIn(page, soma);
  await page.goto(`${soma.url}/compartir?url=${encodeURIComponent('https://example.com/a')}`);
  await expect(page.getByTestId('composer')).toHaveValue('/extraer https://example.com/a');
  await expect(page.getByTestId('chip')).toHaveCount(0);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  // A link shared as bare text is a link too.
  await page.goto(`${soma.url}/compartir?text=${encodeURIComponent('https://example.com/b')}`);
  await expect(page.getByTestId('composer')).toHaveValue('/extraer https://example.com/b');
  await expect(page.getByTestId('chip')).toHaveCount(0);
  await twoFrames(page);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  expect(chatRequests).toEqual([]);
  expect(upstream.requests).toHaveLength(0);
});
