import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeModelHost, startFakeModelHost } from '../../testing/server/fake-model-host.ts';
import { downloadModel } from './download-model.ts';
import { runModelCommand } from './model-command.ts';
import { lockPath } from './model-lock.ts';
import { ModelInstallError, modelFolder } from './model-source.ts';
import { stagingFolder } from './model-staging.ts';

let root: string;
let configDir: string;
let harness: string;
let host: FakeModelHost;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'soma-model-command-'));
  configDir = join(root, 'config');
  host = await startFakeModelHost();
  // The shipped harness with the test host's model in place of the real one.
  const shipped = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  harness = join(root, 'soma.json');
  await writeFile(harness, JSON.stringify({ ...shipped, semanticModel: host.model }));
});
afterEach(async () => {
  await host.close();
  await rm(root, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `npm run model`'s script in its own Node process (no TTY: output to pipes). */
function runCommand(args: string[], onStart?: (pid: number) => void): Promise<Run> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/models/model-command.ts',
      '--harness',
      harness,
      '--config-dir',
      configDir,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (child.pid) onStart?.(child.pid);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

/** Resolves once `file` holds bytes: the child is downloading. */
async function fills(file: string): Promise<void> {
  while (!((await stat(file).catch(() => null))?.size ?? 0))
    await new Promise((r) => setTimeout(r, 20));
}

async function expectInstalled() {
  const folder = modelFolder(configDir, host.model);
  for (const f of host.model.files) {
    expect((await readFile(join(folder, f.name))).equals(host.bytes.get(f.path) as Buffer)).toBe(
      true,
    );
  }
}

describe('server/models/model-command', () => {
  it('says what it fetches, downloads and checks the model, and exits 0; again, finds it installed', async () => {
    const run = await runCommand(['--base-url', host.baseUrl]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Modelo tiny e5: 0,3 MB en 2 archivos');
    expect(run.out).toContain(`Desde: ${host.baseUrl}/Test/tiny-e5/resolve/${'a'.repeat(40)}/`);
    expect(run.out).toContain(`A:     ${modelFolder(configDir, host.model)}`);
    expect(run.out).toMatch(/tokenizer\.json: 0,3 MB de 0,3 MB \(100 %\) · comprobando SHA-256/);
    expect(run.out).toContain('Listo: tiny e5 instalado y comprobado');
    await expectInstalled();
    host.requests.length = 0;
    const again = await runCommand(['--base-url', host.baseUrl]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('ya está instalado y comprobado');
    expect(host.requests).toEqual([]);
  });

  it('words a failure in Spanish and exits 1 with nothing installed', async () => {
    host.bytes.delete('tokenizer.json');
    const run = await runCommand(['--base-url', host.baseUrl]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('El servidor respondió 404: el archivo no está en esa dirección');
    await expect(stat(modelFolder(configDir, host.model))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('installs from a folder with --from', async () => {
    const usb = join(root, 'usb');
    await mkdir(usb);
    for (const f of host.model.files)
      await writeFile(join(usb, f.name), host.bytes.get(f.path) as Buffer);
    const run = await runCommand(['--from', usb]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Desde: ${usb}`);
    await expectInstalled();
    expect(host.requests).toEqual([]);
  });

  it('holds the lock against the server while it downloads', async () => {
    host.behaviour.chunkDelayMs = 30;
    const running = runCommand(['--base-url', host.baseUrl]);
    await fills(join(stagingFolder(configDir, host.model), 'model_quantized.onnx.part'));
    const err = await downloadModel({ model: host.model, configDir, baseUrl: host.baseUrl }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ModelInstallError);
    expect(err.code).toBe('busy');
    host.behaviour.chunkDelayMs = 0;
    expect((await running).code).toBe(0);
    await expect(stat(lockPath(configDir, host.model))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops on Ctrl+C keeping the bytes, and the next run resumes them', async () => {
    host.behaviour.chunkDelayMs = 30;
    let pid = 0;
    const running = runCommand(['--base-url', host.baseUrl], (p) => {
      pid = p;
    });
    const part = join(stagingFolder(configDir, host.model), 'model_quantized.onnx.part');
    await fills(part);
    process.kill(pid, 'SIGINT');
    const run = await running;
    expect(run.code).toBe(1);
    expect(run.err).toContain('Descarga interrumpida; lo ya descargado se conserva.');
    const kept = (await stat(part)).size;
    host.behaviour.chunkDelayMs = 0;
    host.requests.length = 0;
    expect((await runCommand(['--base-url', host.baseUrl])).code).toBe(0);
    expect(host.requests[0]?.range).toBe(`bytes=${kept}-`);
    await expectInstalled();
  });

  it('rewrites one progress line in place on a terminal', async () => {
    host.behaviour.chunkDelayMs = 10;
    let out = '';
    const code = await runModelCommand(
      ['--harness', harness, '--config-dir', configDir, '--base-url', host.baseUrl],
      {
        out: { isTTY: true, write: (s: string) => (out += s) },
        err: { write: () => undefined },
        env: {},
        cwd: root,
      },
    );
    expect(code).toBe(0);
    const progress = out.split('\n').find((l) => l.startsWith('\r')) ?? '';
    expect(progress.split('\r').length).toBeGreaterThan(3);
    expect(progress).toContain('\x1b[K');
    expect(progress).toContain('tokenizer.json: 0,3 MB de 0,3 MB (100 %) · comprobando SHA-256');
    expect(out).toContain('Listo: tiny e5 instalado y comprobado');
  });

  it('prints its help and exits 0', async () => {
    const run = await runCommand(['--help']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Uso: npm run model -- [opciones]');
  });

  it('refuses a harness without a model to download', async () => {
    const shipped = JSON.parse(await readFile('harness/soma.json', 'utf8'));
    delete shipped.semanticModel;
    await writeFile(harness, JSON.stringify(shipped));
    const run = await runCommand([]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('falta «semanticModel»');
  });
});
