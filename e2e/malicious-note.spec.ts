import { expect, test, twoFrames } from './fixtures.ts';

const evil = [
  '# Nota hostil',
  '',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'">',
  '<a href="javascript:window.__pwned=\'href\'">pulsa</a>',
  '<iframe src="http://evil.example/"></iframe>',
  '![rastreador](http://tracker.example/pixel.png)',
  '![otro](https://tracker.example/pixel2.png)',
  '<svg><script>window.__pwned = "svg"</script></svg>',
  '',
  'Texto normal al final.',
].join('\n');

test('a hostile note renders inert: no script runs and nothing remote loads', async ({
  page,
  soma,
}) => {
  await soma.writeNote('00_Entrada/Hostil.md', evil);
  const foreign: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(soma.url) && !req.url().startsWith('data:')) foreign.push(req.url());
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(soma.loginLink);
  await expect(
    page.getByTestId('vault-tree').getByText('00_Entrada', { exact: true }),
  ).toBeVisible();
  await page.goto(`${soma.url}/#/nota/${encodeURIComponent('00_Entrada/Hostil.md')}`);
  const view = page.getByTestId('note-view');
  await expect(view).toContainText('Texto normal al final.');
  await expect(view).toContainText('tracker.example/pixel.png');
  const link = view.getByRole('link', { name: 'pulsa' });
  if (await link.count()) await link.click({ trial: false }).catch(() => {});
  await twoFrames(page);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
  ).toBeUndefined();
  expect(await view.locator('script, iframe, img[src^="http"]').count()).toBe(0);
  expect(foreign).toEqual([]);
  expect(dialogs).toEqual([]);
});

test('every page carries a Content Security Policy without remote sources', async ({
  request,
  soma,
}) => {
  const res = await request.get(soma.url);
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/https?:|\*/);
  expect(res.headers()['access-control-allow-origin']).toBeUndefined();
});
