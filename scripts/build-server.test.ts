import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { writeConceptModel } from '../testing/server/tiny-onnx-model.ts';
import { NODE_BUNDLE, SERVER_ENTRY_POINTS } from './node-bundle.mjs';

/**
 * The production bundle's inputs, as esbuild resolves them from the same entry point
 * and the same options as scripts/build-server.mjs (nothing is written).
 */
async function bundleInputs(): Promise<string[]> {
  return Object.keys((await bundleMeta()).inputs);
}

/** esbuild's account of the production bundle: its inputs and its output chunks. */
async function bundleMeta(): Promise<Metafile> {
  const result = await build({
    ...NODE_BUNDLE,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir: 'dist/server',
    splitting: true,
    sourcemap: false,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

/** The output chunks an entry loads before it runs: its static imports, followed. */
function staticClosure(meta: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of meta.outputs[out]?.imports ?? []) {
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
    }
  };
  visit(entry);
  return seen;
}

describe('scripts/build-server', () => {
  it('bundles no test support: nothing under testing/ or a fixtures folder', async () => {
    const inputs = await bundleInputs();
    expect(inputs).toContain('server/main.ts');
    expect(inputs).toContain('server/app.ts');
    expect(inputs).toContain('server/embeddings/onnx-worker.ts');
    expect(
      inputs.filter(
        (f) => !f.includes('node_modules/') && /(^|\/)(testing|fixtures)\/|\.test\.ts$/.test(f),
      ),
    ).toEqual([]);
  });

  it('loads the test embedder only when the harness names it: no chunk imports it statically', async () => {
    const meta = await bundleMeta();
    const chunkOf = (input: string) =>
      Object.entries(meta.outputs).find(([, o]) => input in o.inputs)?.[0];
    const testChunk = chunkOf('server/embeddings/test-embedder.ts');
    const chooser = chunkOf('server/embeddings/create-embedder.ts');
    expect(testChunk).toBeDefined();
    expect(chooser).toBeDefined();
    for (const entry of [
      chooser!,
      ...Object.keys(meta.outputs).filter((o) => o.endsWith('main.js')),
    ]) {
      expect(staticClosure(meta, entry)).not.toContain(testChunk);
    }
  });

  it('bundles in the packages every start loads and leaves the others in node_modules', async () => {
    const packages = new Set(
      (await bundleInputs())
        // `(^|/)`: in a git worktree node_modules is a link, and esbuild names its real path.
        .map((f) => /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1])
        .filter((p) => p !== undefined),
    );
    expect([...packages].sort()).toEqual(['@hono/node-server', 'hono', 'zod']);
  });

  it('puts the ONNX worker beside the chunks, where the built embedder finds and runs it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'soma-bundle-'));
    try {
      // Built as the server is, plus the embedder as an entry so a script can call it.
      const out = join(root, 'dist');
      await build({
        ...NODE_BUNDLE,
        entryPoints: { ...SERVER_ENTRY_POINTS, embedder: 'server/embeddings/onnx-embedder.ts' },
        outdir: out,
        splitting: true,
        sourcemap: false,
        logLevel: 'silent',
      });
      expect(await readdir(out)).toContain('onnx-worker.js');
      await symlink(resolve('node_modules'), join(root, 'node_modules'));
      const model = join(root, 'model');
      await mkdir(model);
      await writeConceptModel(model, 16);
      const script = join(root, 'run.mjs');
      const config = { modelDir: model, dimensions: 16, batchSize: 4, maxTokens: 64 };
      await writeFile(
        script,
        `import { createOnnxEmbedder } from './dist/embedder.js';
const e = await createOnnxEmbedder({ kind: 'onnx', queryPrefix: '', documentPrefix: '', ...${JSON.stringify(config)} });
const [a, b] = await e.embed(['coche', 'automóvil'], 'document');
process.stdout.write(JSON.stringify({ same: a.every((x, i) => Math.abs(x - b[i]) < 1e-6), norm: Math.hypot(...a) }));
await e.close();
`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, [script]);
      const result = JSON.parse(stdout);
      expect(result.same).toBe(true);
      expect(result.norm).toBeCloseTo(1, 5);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
