import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { FakeUpstream } from '../testing/server/fake-upstream/fake-upstream.ts';
import {
  attachByName,
  enter,
  expect,
  fakeChain,
  openSignedIn,
  sampleNotes,
  test,
} from './fixtures.ts';
import { type RunningSoma, startSoma } from './soma-server.ts';

/**
 * The screenshots of the user's guide (README.md), taken by the end-to-end suite so
 * that they follow the interface. A test run writes `test-results/screenshots/`
 * (untracked); `npm run screenshots` rewrites `docs/screenshots/<view>-<device>.png`.
 * `screenshots.spec.ts` (laptop project) and `screenshots.phone.spec.ts` (phone
 * project) each pick their views from here.
 */

/** The copies the README embeds, in git: only `npm run screenshots` rewrites them. */
const DOCS_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
/** `npm run screenshots` sets it: the run is there to rewrite the docs' copies. */
const REGENERATE = process.env.SOMA_SCREENSHOTS === 'docs';
/** Where the PNGs go: the docs' copies when asked for on purpose, else an untracked folder. */
const OUT_DIR = REGENERATE
  ? DOCS_DIR
  : fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** SHA-256 of each PNG in `dir`, by name. */
async function pngHashes(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.png'));
  const hashes: Record<string, string> = {};
  for (const n of names.sort()) {
    hashes[n] = createHash('sha256')
      .update(await readFile(`${dir}${n}`))
      .digest('hex');
  }
  return hashes;
}

/** The sample vault plus a few everyday notes, so the views look lived in. */
const notes: Record<string, string> = {
  ...sampleNotes,
  '00_Entrada/Ideas sueltas.md':
    '# Ideas sueltas\n\n- Probar la técnica Feynman con el capítulo 2.\n- Leer sobre la curva del olvido.\n',
  '01_Caracter/Hábitos de estudio.md':
    '---\ntags: [estudio, memoria]\n---\n# Hábitos de estudio\n\nRepasar sin mirar los apuntes: la memoria se fortalece al recuperar.\n',
  '02_Conciencia/sesiones/2024-05-01.md':
    '## Resumen\n\nHablamos del faro y de cómo ordenar la memoria de la tesis.\n',
  '03_Proyectos/Huerto urbano.md': [
    '---',
    'tags: [huerto, terraza]',
    '---',
    '# Huerto urbano',
    '',
    'Planté **tomates** y lechugas en la terraza. La [[Memoria activa]] también sirve aquí:',
    'apunto qué funcionó cada temporada.',
    '',
    '## Tareas de mayo',
    '',
    '- Regar al atardecer, nunca a mediodía.',
    '- Atar las tomateras a las cañas.',
    '- Sembrar albahaca junto a los tomates.',
    '',
    '> La tierra recuerda lo que le das.',
    '',
  ].join('\n'),
};

/** A markdown answer, streamed in word-sized chunks. */
const CHAT_ANSWER = [
  'La **memoria activa** consiste en *recuperar* lo aprendido sin mirar los apuntes, ',
  'en lugar de releerlos.\n\n',
  'Para tu tesis te propongo:\n\n',
  '1. Cerrar el capítulo 2 con tres preguntas abiertas.\n',
  '2. Espaciar los repasos: al día siguiente, a los tres días y a la semana.\n',
  '3. Anotar cada duda en la nota del proyecto.\n',
];

/** A note that `/registrar` rewrites, so its card shows a diff. */
const IDEAS = '00_Entrada/Ideas sueltas.md';

/**
 * The new version of {@link IDEAS}. No `[[link]]`: a synapse card shows the time and
 * the device, which change every run. (An ASCII path: the diff header escapes `ñ`.)
 */
const IDEAS_ANSWER = [
  '# Ideas sueltas\n\n',
  '- Probar la técnica Feynman con el capítulo 2.\n',
  '- Leer sobre la curva del olvido de Ebbinghaus.\n',
  '- Preparar tarjetas de repaso para la tesis.\n',
];

export type Device = 'desktop' | 'phone';

export const screenshotTest = test.extend<{ vault: RunningSoma }>({
  vault: async ({ upstream }, use) => {
    // The fake upstream, named like the local model a reader would run.
    const provider = { ...fakeChain(upstream)[0]!, label: 'Ollama', models: ['llama3.1:8b'] };
    const soma = await startSoma(notes, { harness: { providers: [provider] } });
    await use(soma);
    await soma.stop();
  },
});

/** Sends a message and waits until its answer is complete. */
async function ask(page: Page, text: string) {
  const before = await page.getByTestId('message-assistant').count();
  await enter(page, text);
  const answer = page.getByTestId('message-assistant').nth(before);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  return answer;
}

/**
 * Checks that nothing transient or alarming is on screen, then writes the PNG, unless
 * it looks the same as the one already there (so a regeneration leaves unchanged views
 * alone).
 */
async function shoot(page: Page, view: string, device: Device): Promise<void> {
  for (const id of ['sync-progress', 'events-reconnecting', 'offline-banner', 'error-banner']) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }
  // Timings and token counts change from run to run: hide them. (Through the DOM: the
  // app's CSP refuses the stylesheet that `screenshot({ style })` would add.)
  await page
    .locator('.details-line > span:not(:first-child), [data-testid="search-summary"]')
    .evaluateAll((els) => {
      for (const el of els) (el as HTMLElement).style.visibility = 'hidden';
    });
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  const file = `${OUT_DIR}${view}-${device}.png`;
  const old = await readFile(file).catch(() => null);
  if (old && !(await looksDifferent(page, old, png))) return;
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(file, png);
}

/**
 * Whether two PNGs differ by more than the raster's noise: Chromium's software
 * rendering may shift an anti-aliased edge by a level or two between runs.
 */
async function looksDifferent(page: Page, a: Buffer, b: Buffer): Promise<boolean> {
  if (a.equals(b)) return false;
  // A blank page of the same browser decodes them: the app's CSP would refuse data: URLs.
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ([a64, b64]) => {
        const pixels = async (b64: string) => {
          const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
          const bitmap = await createImageBitmap(blob);
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height);
        };
        const [x, y] = await Promise.all([pixels(a64), pixels(b64)]);
        if (x.width !== y.width || x.height !== y.height) return true;
        return x.data.some((v, i) => Math.abs(v - y.data[i]!) > 16);
      },
      [a.toString('base64'), b.toString('base64')] as const,
    );
  } finally {
    await scratch.close();
  }
}

/** What each view does before its picture; each asserts what the picture should show. */
const views = {
  /** A streamed answer, with a note attached to the next question. */
  chat: async (page: Page, upstream: FakeUpstream) => {
    upstream.setScript({ kind: 'text', chunks: CHAT_ANSWER, delayMs: 20 });
    await enter(page, '/proyecto tesis');
    await expect(page.getByTestId('chips')).toContainText('Proyecto: Tesis');
    await attachByName(page, '/unir Memoria activa');
    await expect(page.getByTestId('chip').filter({ hasText: 'Memoria activa' })).toBeVisible();
    const answer = await ask(page, '¿Cómo repaso la tesis sin limitarme a releer?');
    await expect(answer).toContainText('Espaciar los repasos');
    await expect(answer.getByRole('listitem')).toHaveCount(3);
    await attachByName(page, '/unir Hábitos de estudio');
    await expect(page.getByTestId('chip').filter({ hasText: 'Hábitos de estudio' })).toBeVisible();
    await page.getByTestId('composer').fill('¿Y cómo lo encajo en mis hábitos de estudio?');
  },

  /** Results of a Spanish query typed in the header's box, the matches marked. */
  search: async (page: Page) => {
    await page.getByTestId('search-box').fill('memoria');
    await expect(page.getByTestId('search-view')).toBeVisible();
    const hits = page.getByTestId('search-hit');
    await expect(hits.filter({ hasText: 'Hábitos de estudio' })).toBeVisible();
    await expect(hits.filter({ hasText: 'Memoria activa' }).first()).toBeVisible();
    expect(await hits.count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('search-box').blur();
  },

  /** A note opened from the tree, rendered with its tags and links. */
  note: async (page: Page) => {
    const tree = page.getByTestId('vault-tree');
    await tree.getByText('03_Proyectos', { exact: true }).click();
    await tree.getByText('Huerto urbano', { exact: true }).click();
    const note = page.getByTestId('note-view');
    await expect(note.getByRole('heading', { name: 'Tareas de mayo' })).toBeVisible();
    await expect(note.getByRole('link', { name: 'Memoria activa' })).toBeVisible();
    await expect(note).toContainText('huerto');
  },

  /** Rewriting an existing note: a pending proposal, shown as a diff, waiting for a yes. */
  proposal: async (page: Page, upstream: FakeUpstream) => {
    upstream.setScript({ kind: 'text', chunks: IDEAS_ANSWER, delayMs: 20 });
    const answer = await ask(page, 'Completa mis ideas sueltas con lo que hablamos');
    await enter(page, `/registrar ${IDEAS}`);
    const card = answer.getByTestId('proposal');
    await expect(card).toHaveAttribute('data-state', 'pending');
    await expect(card).toContainText(`sobrescribir ${IDEAS}`);
    const diff = card.getByTestId('diff-view');
    await expect(diff.locator('[data-kind="del"]')).toHaveText([
      '-- Leer sobre la curva del olvido.',
    ]);
    await expect(diff.locator('[data-kind="add"]').last()).toContainText('+- Preparar tarjetas');
    await expect(card.getByTestId('proposal-overwrite')).toBeVisible();
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  },

  /** On a phone: the vault tree as a drawer. */
  drawer: async (page: Page) => {
    const toggle = page.getByTestId('tree-toggle');
    const tree = page.getByTestId('vault-tree');
    // A route change while the app settles closes the drawer again: retry (see phone.spec.ts).
    await expect(async () => {
      if (!(await tree.isVisible())) await toggle.click();
      await expect(tree.getByText('03_Proyectos', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await tree.getByText('03_Proyectos', { exact: true }).click();
    await expect(tree.getByText('Huerto urbano', { exact: true })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  },
};

export type View = keyof typeof views;

/** Declares one test per view: open SOMA signed in, show the view, check it, save its PNG. */
export function screenshotTests(device: Device, names: View[]): void {
  // A test run (`npm test`, CI) leaves git clean: the docs' copies are as they were.
  let docsBefore: Record<string, string> = {};
  screenshotTest.beforeAll(async () => {
    docsBefore = await pngHashes(DOCS_DIR);
  });
  screenshotTest.afterAll(async () => {
    if (!REGENERATE) expect(await pngHashes(DOCS_DIR)).toEqual(docsBefore);
  });
  for (const name of names) {
    screenshotTest(`screenshot: ${name} (${device})`, async ({ page, upstream, vault }) => {
      await openSignedIn(page, vault);
      await views[name](page, upstream);
      await shoot(page, name, device);
    });
  }
}
