import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeModelHost, startFakeModelHost } from '../../testing/server/fake-model-host.ts';
import { downloadModel } from './download-model.ts';
import { MAX_REDIRECTS } from './http-get.ts';
import { lockPath } from './model-lock.ts';
import {
  type DownloadProgress,
  ModelInstallError,
  modelBytes,
  modelFolder,
  modelsRoot,
} from './model-source.ts';
import { stagingFolder } from './model-staging.ts';

let configDir: string;
let host: FakeModelHost;
beforeEach(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'soma-download-'));
  host = await startFakeModelHost();
});
afterEach(async () => {
  await host.close();
  await rm(configDir, { recursive: true, force: true });
});

const download = (extra: Partial<Parameters<typeof downloadModel>[0]> = {}) =>
  downloadModel({ model: host.model, configDir, baseUrl: host.baseUrl, ...extra });

async function failure(p: Promise<unknown>): Promise<ModelInstallError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelInstallError);
  return err as ModelInstallError;
}

/** The installed files equal the served ones, byte for byte. */
async function expectInstalled(folder: string) {
  expect(folder).toBe(modelFolder(configDir, host.model));
  for (const f of host.model.files) {
    expect((await readFile(join(folder, f.name))).equals(host.bytes.get(f.path) as Buffer)).toBe(
      true,
    );
  }
}

/** Nothing under the model's name, and no `.part` of `file` left in staging. */
async function expectNothingInstalled(file: string) {
  await expect(stat(modelFolder(configDir, host.model))).rejects.toMatchObject({ code: 'ENOENT' });
  const staged = await readdir(stagingFolder(configDir, host.model)).catch(() => []);
  expect(staged).not.toContain(`${file}.part`);
}

const part = (file = 'model_quantized.onnx') =>
  join(stagingFolder(configDir, host.model), `${file}.part`);
const MODEL = 'onnx/model_quantized.onnx';

describe('server/models/download-model', () => {
  it('downloads every file into the model folder, private, with nothing left beside it', async () => {
    const folder = await download();
    await expectInstalled(folder);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'tokenizer.json'))).mode & 0o777).toBe(0o600);
    expect((await readdir(modelsRoot(configDir))).sort()).toEqual([host.model.name]);
  });

  it('reports progress that only grows and reaches the total, checking each file', async () => {
    host.behaviour.chunkDelayMs = 15;
    const events: DownloadProgress[] = [];
    await download({ onProgress: (p) => events.push(p) });
    const done = events.map((e) => e.doneBytes);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({
      doneBytes: modelBytes(host.model),
      totalBytes: modelBytes(host.model),
    });
    expect(
      events.filter((e) => e.phase === 'downloading' && e.doneBytes > 0).length,
    ).toBeGreaterThan(1);
    expect(events.some((e) => e.bytesPerSecond > 0 && e.secondsLeft !== null)).toBe(true);
    expect(events.filter((e) => e.phase === 'checking').map((e) => e.file)).toEqual(
      expect.arrayContaining(['model_quantized.onnx', 'tokenizer.json']),
    );
  });

  it('resumes a cut download with Range from the bytes already there', async () => {
    host.behaviour.cutAfter = 100_000;
    expect((await failure(download())).code).toBe('network');
    const kept = (await stat(part())).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(300_000);
    host.requests.length = 0;
    await expectInstalled(await download());
    expect(host.requests[0]).toMatchObject({
      path: expect.stringContaining(MODEL),
      range: `bytes=${kept}-`,
    });
  });

  it('starts over when the server answers a Range with the whole file', async () => {
    host.behaviour.cutAfter = 100_000;
    await failure(download());
    host.behaviour.ignoreRange = true;
    const events: DownloadProgress[] = [];
    await expectInstalled(await download({ onProgress: (p) => events.push(p) }));
    expect(host.requests.at(-2)?.range).toMatch(/^bytes=\d+-$/);
    expect(events.at(-1)?.doneBytes).toBe(modelBytes(host.model));
  });

  it('fetches the whole file again when the server refuses the Range (416)', async () => {
    host.behaviour.cutAfter = 100_000;
    await failure(download());
    host.behaviour.refuseRange = true;
    host.requests.length = 0;
    await expectInstalled(await download());
    expect(host.requests.slice(0, 2).map((r) => r.range)).toEqual([
      expect.stringMatching(/^bytes=/),
      null,
    ]);
  });

  it('fetches the whole file again when the server answers another range', async () => {
    host.behaviour.cutAfter = 100_000;
    await failure(download());
    host.behaviour.wrongRange = true;
    host.requests.length = 0;
    await expectInstalled(await download());
    expect(host.requests.slice(0, 2).map((r) => r.range)).toEqual([
      expect.stringMatching(/^bytes=/),
      null,
    ]);
  });

  it('refuses a file whose SHA-256 differs, and deletes it', async () => {
    host.bytes.set(MODEL, Buffer.alloc(300_000, 7));
    const err = await failure(download());
    expect(err).toMatchObject({ code: 'checksum', params: { file: 'model_quantized.onnx' } });
    await expectNothingInstalled('model_quantized.onnx');
  });

  it('refuses a file of another size, and deletes it', async () => {
    host.bytes.set(MODEL, Buffer.alloc(300_001, 7));
    const err = await failure(download());
    expect(err).toMatchObject({
      code: 'size',
      params: { file: 'model_quantized.onnx', bytes: 300_001 },
    });
    await expectNothingInstalled('model_quantized.onnx');
  });

  it('says which HTTP status the host answered', async () => {
    host.bytes.delete('tokenizer.json');
    const err = await failure(download());
    expect(err).toMatchObject({ code: 'http_status', params: { status: 404 } });
    await expectNothingInstalled('tokenizer.json');
  });

  it('says the network failed when nothing listens', async () => {
    const port = await freePort();
    const err = await failure(download({ baseUrl: `http://127.0.0.1:${port}` }));
    expect(err).toMatchObject({ code: 'network', params: { reason: 'ECONNREFUSED' } });
  });

  it('gives up on a connection that stays silent', async () => {
    host.behaviour.stall = true;
    const err = await failure(download({ stallTimeoutMs: 300 }));
    expect(err).toMatchObject({ code: 'network', params: { reason: 'timeout' } });
  });

  it('follows the redirect to the CDN without sending back its cookie', async () => {
    host.behaviour.redirect = true;
    await expectInstalled(await download());
    const cdn = host.requests.filter((r) => r.path.startsWith('/cdn/'));
    expect(cdn.map((r) => r.path).sort()).toEqual([
      '/cdn/onnx/model_quantized.onnx',
      '/cdn/tokenizer.json',
    ]);
    expect(host.requests.every((r) => r.cookie === null && r.auth === null)).toBe(true);
  });

  it('gives up after a few redirects', async () => {
    host.behaviour.redirectLoop = true;
    expect(await failure(download())).toMatchObject({
      code: 'http_status',
      params: { status: 302 },
    });
    expect(host.requests.length).toBe(MAX_REDIRECTS + 1);
  });

  it('says the config folder cannot be written', async () => {
    // sysfs refuses a new folder to anyone (EPERM for root, EACCES for others), as a read-only disk would.
    configDir = '/sys/soma-model-test';
    const err = await failure(download());
    expect(err).toMatchObject({
      code: 'not_writable',
      params: { path: '/sys/soma-model-test/models' },
    });
  });

  it('says the disk is full when a write answers ENOSPC', async () => {
    // The .part is a symlink to /dev/full, whose writes fail with ENOSPC as a full disk's do.
    await mkdir(stagingFolder(configDir, host.model), { recursive: true });
    await symlink('/dev/full', part());
    const err = await failure(download());
    expect(err.code).toBe('disk_full');
    await expectNothingInstalled('tokenizer.json');
  });

  it('refuses a second download of the same model in this process', async () => {
    host.behaviour.chunkDelayMs = 5;
    let started: () => void = () => undefined;
    const arriving = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = download({ onProgress: () => started() });
    await arriving;
    const err = await failure(download());
    expect(err.code).toBe('busy');
    await expectInstalled(await first);
    await expect(stat(lockPath(configDir, host.model))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses while another live process holds the lock, and takes over a dead one', async () => {
    await mkdir(modelsRoot(configDir), { recursive: true });
    await writeFile(lockPath(configDir, host.model), String(process.ppid));
    expect(await failure(download())).toMatchObject({
      code: 'busy',
      params: { pid: process.ppid },
    });
    expect(host.requests).toEqual([]);
    await writeFile(lockPath(configDir, host.model), String(await deadPid()));
    await expectInstalled(await download());
  });

  it('stops when cancelled, keeping the bytes for the next attempt', async () => {
    // Slow enough that the model file is still arriving at the first throttled report.
    host.behaviour.chunkDelayMs = 40;
    const ctrl = new AbortController();
    const p = download({
      signal: ctrl.signal,
      onProgress: (e) => e.doneBytes > 0 && ctrl.abort(),
    });
    expect((await failure(p)).code).toBe('cancelled');
    expect((await stat(part())).size).toBeGreaterThan(0);
    await expectNothingInstalled('tokenizer.json');
    host.behaviour.chunkDelayMs = 0;
    await expectInstalled(await download());
  });

  it('resolves at once for an installed model, with no network', async () => {
    await download();
    const noNetwork = (() => Promise.reject(new Error('no network'))) as typeof fetch;
    await expectInstalled(await download({ fetch: noNetwork }));
  });

  it('replaces an installed folder whose file no longer checks', async () => {
    const folder = await download();
    await writeFile(join(folder, 'tokenizer.json'), 'estropeado');
    await expectInstalled(await download());
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The pid of a process that has exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid ?? 0));
  });
}
