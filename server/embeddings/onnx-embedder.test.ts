import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cosine } from '../../common/vector-codec.ts';
import { OnnxEmbedderSchema } from '../../harness/embeddings-schema.ts';
import { EmbedError } from './embedder.ts';
import { checkModelDir, E5_SMALL_INT8, type ModelManifest } from './model-dir.ts';
import { createOnnxEmbedder, ONNX_INSTALL } from './onnx-embedder.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-model-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const config = (modelDir: string) =>
  OnnxEmbedderSchema.parse({
    kind: 'onnx',
    modelDir,
    dimensions: 384,
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
  });
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const tiny = (modelSha: string | null): ModelManifest => ({
  label: 'tiny',
  files: [
    { name: 'model_quantized.onnx', minBytes: 1, maxBytes: 100, sha256: modelSha },
    { name: 'tokenizer.json', minBytes: 1, maxBytes: 100, sha256: null },
  ],
});

async function problem(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmbedError);
  return (err as EmbedError).problem;
}

describe('server/embeddings/onnx-embedder', () => {
  it('says the folder does not exist', async () => {
    const p = await problem(createOnnxEmbedder(config(join(dir, 'nope'))));
    expect(p).toMatchObject({ code: 'model_dir_invalid', params: { problem: 'not_a_folder' } });
  });

  it('names the missing file of the shipped e5-small manifest', async () => {
    const p = await problem(createOnnxEmbedder(config(dir)));
    expect(p).toMatchObject({
      code: 'model_dir_invalid',
      params: { problem: 'missing', file: 'model_quantized.onnx' },
    });
  });

  it('refuses a truncated download by its size', async () => {
    await writeFile(join(dir, 'model_quantized.onnx'), 'x'.repeat(1000));
    const p = await problem(createOnnxEmbedder(config(dir)));
    expect(p).toMatchObject({
      params: { problem: 'size', file: 'model_quantized.onnx', bytes: 1000 },
    });
  });

  it('refuses a file whose checksum differs from the manifest', async () => {
    await writeFile(join(dir, 'model_quantized.onnx'), 'modelo');
    await writeFile(join(dir, 'tokenizer.json'), '{}');
    const p = await problem(createOnnxEmbedder(config(dir), tiny(sha('otro'))));
    expect(p).toMatchObject({ params: { problem: 'checksum', file: 'model_quantized.onnx' } });
  });

  it('hashes a file once while its size and mtime stay, again when they change', async () => {
    const file = join(dir, 'model_quantized.onnx');
    await writeFile(file, 'modelo');
    await writeFile(join(dir, 'tokenizer.json'), '{}');
    const mtime = new Date('2026-01-01T00:00:00Z');
    await utimes(file, mtime, mtime);
    const manifest = tiny(sha('modelo'));
    await expect(checkModelDir(dir, manifest)).resolves.toBeUndefined();
    // Same size and mtime: the cached hash stands (the file is not read again).
    await writeFile(file, 'MODELO');
    await utimes(file, mtime, mtime);
    await expect(checkModelDir(dir, manifest)).resolves.toBeUndefined();
    // A new mtime: read again, and the changed bytes are caught.
    await utimes(file, mtime, new Date(mtime.getTime() + 5_000));
    const p = await problem(checkModelDir(dir, manifest));
    expect(p).toMatchObject({ params: { problem: 'checksum', file: 'model_quantized.onnx' } });
  });

  it('pins the published SHA-256 of both e5-small files', () => {
    for (const f of E5_SMALL_INT8.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with a good folder and no runtime installed, says how to install it', async (ctx) => {
    const installed = await import('onnxruntime-node' as string).then(
      () => true,
      () => false,
    );
    if (installed) ctx.skip();
    await writeFile(join(dir, 'model_quantized.onnx'), 'modelo');
    await writeFile(join(dir, 'tokenizer.json'), '{}');
    const p = await problem(createOnnxEmbedder(config(dir), tiny(sha('modelo'))));
    expect(p).toEqual({ code: 'onnx_runtime_missing', params: { install: ONNX_INSTALL } });
    expect(ONNX_INSTALL).toContain('ONNXRUNTIME_NODE_INSTALL_CUDA=skip');
  });

  const modelDir = process.env.SOMA_EMBED_MODEL_DIR;
  if (!modelDir) {
    process.stdout.write(
      '[onnx-embedder] real-model test skipped: SOMA_EMBED_MODEL_DIR is not set\n',
    );
  }
  it.skipIf(!modelDir)(
    'embeds Spanish paraphrases nearer than unrelated text (real model)',
    async () => {
      const e = await createOnnxEmbedder(config(modelDir ?? ''));
      const [q, near, far] = await e.embed(
        ['mi coche nuevo', 'compré un automóvil', 'receta de tortilla'],
        'document',
      );
      expect(cosine(q!, near!)).toBeGreaterThan(cosine(q!, far!));
    },
  );
});
