import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelFile } from '../../harness/embeddings-schema.ts';
import { checkModelDir, isModelInstalled } from './model-dir.ts';
import { ModelInstallError, modelFolder } from './model-source.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-model-dir-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const files: ModelFile[] = [
  {
    name: 'model_quantized.onnx',
    path: 'onnx/model_quantized.onnx',
    bytes: 6,
    sha256: sha('modelo'),
  },
  { name: 'tokenizer.json', path: 'tokenizer.json', bytes: 2, sha256: sha('{}') },
];

async function failure(p: Promise<unknown>): Promise<ModelInstallError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelInstallError);
  return err as ModelInstallError;
}

async function writeGood(folder: string) {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'model_quantized.onnx'), 'modelo');
  await writeFile(join(folder, 'tokenizer.json'), '{}');
}

describe('server/models/model-dir', () => {
  it('accepts a folder whose files have the pinned sizes and SHA-256', async () => {
    await writeGood(dir);
    await expect(checkModelDir(dir, files)).resolves.toBeUndefined();
  });

  it('says the folder does not exist', async () => {
    expect((await failure(checkModelDir(join(dir, 'nope'), files))).code).toBe('not_a_folder');
  });

  it('names the missing file', async () => {
    await writeFile(join(dir, 'model_quantized.onnx'), 'modelo');
    expect(await failure(checkModelDir(dir, files))).toMatchObject({
      code: 'missing',
      params: { file: 'tokenizer.json' },
    });
  });

  it('refuses a file one byte off its size before hashing it', async () => {
    await writeGood(dir);
    await writeFile(join(dir, 'model_quantized.onnx'), 'modelos');
    expect(await failure(checkModelDir(dir, files))).toMatchObject({
      code: 'size',
      params: { file: 'model_quantized.onnx', bytes: 7, expected: 6 },
    });
  });

  it('refuses a file of the right size whose SHA-256 differs', async () => {
    await writeGood(dir);
    await writeFile(join(dir, 'tokenizer.json'), '[]');
    expect(await failure(checkModelDir(dir, files))).toMatchObject({
      code: 'checksum',
      params: { file: 'tokenizer.json' },
    });
  });

  it('hashes a file once while its size and mtime stay, again when they change', async () => {
    await writeGood(dir);
    const file = join(dir, 'model_quantized.onnx');
    const mtime = new Date('2026-01-01T00:00:00Z');
    await utimes(file, mtime, mtime);
    await expect(checkModelDir(dir, files)).resolves.toBeUndefined();
    // Same size and mtime: the cached hash stands (the file is not read again).
    await writeFile(file, 'MODELO');
    await utimes(file, mtime, mtime);
    await expect(checkModelDir(dir, files)).resolves.toBeUndefined();
    // A new mtime: read again, and the changed bytes are caught.
    await utimes(file, mtime, new Date(mtime.getTime() + 5_000));
    expect((await failure(checkModelDir(dir, files))).code).toBe('checksum');
  });

  it('calls a model installed only when its folder under models/ checks', async () => {
    const model = { name: 'tiny', files };
    expect(await isModelInstalled(dir, model)).toBe(false);
    await writeGood(modelFolder(dir, model));
    expect(await isModelInstalled(dir, model)).toBe(true);
    await writeFile(join(modelFolder(dir, model), 'tokenizer.json'), '[]');
    expect(await isModelInstalled(dir, model)).toBe(false);
  });
});
