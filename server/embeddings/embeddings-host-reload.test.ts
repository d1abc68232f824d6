import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbedStatusSchema } from '../../common/embedding-schemas.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';

const NOTES = { '00_Entrada/Paseo.md': '# Paseo\n\nEl perro corre por la playa.\n' };

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** GET /api/embeddings/status as the laptop asks it. */
async function status(app: TestApp, cookie: string) {
  const res = await app.app.request(
    '/api/embeddings/status',
    { headers: { host: HOST, origin: ORIGIN, cookie } },
    { somaListener: 'loopback' },
  );
  expect(res.status).toBe(200);
  return EmbedStatusSchema.parse(await res.json());
}

type HarnessJson = Record<string, unknown>;

/** A section that embeds with the deterministic test embedder. */
const section = (dimensions: number) => ({ embedder: { kind: 'test', dimensions } });

/** Rewrites the running app's harness file and reloads it, as the file watcher does. */
async function editHarness(app: TestApp, edit: (h: HarnessJson) => HarnessJson): Promise<void> {
  const harness: HarnessJson = JSON.parse(await readFile(app.harness.file, 'utf8'));
  await writeFile(app.harness.file, JSON.stringify(edit(harness)));
  expect((await app.harness.reload()).ok).toBe(true);
  await app.embeddings.settled();
}

describe('server/embeddings/embeddings-host (harness reload)', () => {
  it('starts the layer when an embeddings section is added while SOMA runs', async () => {
    t = await buildTestApp({ notes: NOTES });
    const cookie = await t.login();
    expect((await status(t, cookie)).state).toBe('off');
    let changes = 0;
    t.embeddings.onChange(() => changes++);
    await editHarness(t, (h) => ({ ...h, embeddings: section(32) }));
    const after = await status(t, cookie);
    expect(after).toMatchObject({ configured: true, kind: 'test', dimensions: 32 });
    expect(after.state).not.toBe('off');
    expect(changes).toBeGreaterThan(0);
    // The layer really runs: the vault's notes get embedded.
    await vi.waitFor(async () => {
      const s = await status(t!, cookie);
      expect(s.progress.notesTotal).toBeGreaterThan(0);
      expect(s.progress.notesDone).toBe(s.progress.notesTotal);
    }, 20_000);
  });

  it('says why a section added while SOMA runs cannot embed (no model folder)', async () => {
    t = await buildTestApp({ notes: NOTES });
    const cookie = await t.login();
    const modelDir = join(t.base, 'no-such-model');
    await editHarness(t, (h) => ({
      ...h,
      embeddings: { embedder: { kind: 'onnx', modelDir, dimensions: 32 } },
    }));
    const after = await status(t, cookie);
    expect(after).toMatchObject({ configured: true, kind: 'onnx', state: 'failing' });
    // Which check trips first (the folder, the runtime, the model) depends on the machine.
    expect(['model_dir_invalid', 'onnx_runtime_missing', 'model_failed']).toContain(
      after.lastError?.code,
    );
  });

  it('restarts the layer on an edited section and stops it when the section is removed', async () => {
    t = await buildTestApp({
      notes: NOTES,
      harness: (h) => ({ ...h, embeddings: section(32) }) as typeof h,
    });
    const cookie = await t.login();
    expect((await status(t, cookie)).dimensions).toBe(32);
    await editHarness(t, (h) => ({ ...h, embeddings: section(48) }));
    expect((await status(t, cookie)).dimensions).toBe(48);
    await editHarness(t, ({ embeddings: _, ...h }) => h);
    expect(await status(t, cookie)).toMatchObject({ configured: false, state: 'off' });
  });
});
