import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SemanticModel } from '../../harness/embeddings-schema.ts';
import { installModelFromFolder } from './install-from-folder.ts';
import { ModelInstallError, modelFolder, modelsRoot } from './model-source.ts';

let root: string;
let configDir: string;
let from: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'soma-from-folder-'));
  configDir = join(root, 'config');
  from = join(root, 'usb');
  await mkdir(from);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const onnx = randomBytes(50_000);
const tokenizer = randomBytes(3_000);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const model: SemanticModel = {
  name: 'tiny-e5',
  label: 'tiny e5',
  host: 'http://127.0.0.1:9',
  mirror: null,
  repo: 'Test/tiny-e5',
  revision: 'a'.repeat(40),
  files: [
    {
      name: 'model_quantized.onnx',
      path: 'onnx/model_quantized.onnx',
      bytes: onnx.length,
      sha256: sha(onnx),
    },
    {
      name: 'tokenizer.json',
      path: 'tokenizer.json',
      bytes: tokenizer.length,
      sha256: sha(tokenizer),
    },
  ],
  dimensions: 8,
  maxTokens: 512,
  batchSize: 16,
  queryPrefix: 'query: ',
  documentPrefix: 'passage: ',
};

const install = () => installModelFromFolder({ model, configDir, from });

async function failure(p: Promise<unknown>): Promise<ModelInstallError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelInstallError);
  return err as ModelInstallError;
}

async function expectInstalled(folder: string) {
  expect(folder).toBe(modelFolder(configDir, model));
  expect((await readFile(join(folder, 'model_quantized.onnx'))).equals(onnx)).toBe(true);
  expect((await readFile(join(folder, 'tokenizer.json'))).equals(tokenizer)).toBe(true);
  expect(await readdir(modelsRoot(configDir))).toEqual([model.name]);
}

describe('server/models/install-from-folder', () => {
  it('installs files found by their names, and leaves the source alone', async () => {
    await writeFile(join(from, 'model_quantized.onnx'), onnx);
    await writeFile(join(from, 'tokenizer.json'), tokenizer);
    await expectInstalled(await install());
    expect((await readFile(join(from, 'model_quantized.onnx'))).equals(onnx)).toBe(true);
  });

  it('finds files by their repository paths (a copy of the repository)', async () => {
    await mkdir(join(from, 'onnx'));
    await writeFile(join(from, 'onnx', 'model_quantized.onnx'), onnx);
    await writeFile(join(from, 'tokenizer.json'), tokenizer);
    await expectInstalled(await install());
  });

  it('says the path is not a folder', async () => {
    await writeFile(join(root, 'archivo'), 'x');
    const err = await failure(
      installModelFromFolder({ model, configDir, from: join(root, 'archivo') }),
    );
    expect(err.code).toBe('not_a_folder');
  });

  it('names a missing file and installs nothing', async () => {
    await writeFile(join(from, 'model_quantized.onnx'), onnx);
    expect(await failure(install())).toMatchObject({
      code: 'missing',
      params: { file: 'tokenizer.json' },
    });
    await expect(stat(modelFolder(configDir, model))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a file of another size', async () => {
    await writeFile(join(from, 'model_quantized.onnx'), onnx.subarray(1));
    await writeFile(join(from, 'tokenizer.json'), tokenizer);
    expect(await failure(install())).toMatchObject({
      code: 'size',
      params: { file: 'model_quantized.onnx', bytes: onnx.length - 1 },
    });
  });

  it('refuses a file whose SHA-256 differs, keeping no copy of it', async () => {
    await writeFile(join(from, 'model_quantized.onnx'), onnx);
    await writeFile(join(from, 'tokenizer.json'), Buffer.alloc(tokenizer.length, 1));
    expect(await failure(install())).toMatchObject({
      code: 'checksum',
      params: { file: 'tokenizer.json' },
    });
    await expect(stat(modelFolder(configDir, model))).rejects.toMatchObject({ code: 'ENOENT' });
    const staged = await readdir(join(modelsRoot(configDir), `.${model.name}.partial`));
    expect(staged).not.toContain('tokenizer.json.part');
    expect(staged).not.toContain('tokenizer.json');
  });
});
