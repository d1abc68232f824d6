import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { NODE_BUNDLE } from './node-bundle.mjs';

/**
 * The production bundle's inputs, as esbuild resolves them from the same entry point
 * and the same options as scripts/build-server.mjs (nothing is written).
 */
async function bundleInputs(): Promise<string[]> {
  const result = await build({
    ...NODE_BUNDLE,
    entryPoints: ['server/main.ts'],
    sourcemap: false,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

describe('scripts/build-server', () => {
  it('bundles no test support: nothing under server/testing or a fixtures folder', async () => {
    const inputs = await bundleInputs();
    expect(inputs).toContain('server/main.ts');
    expect(inputs).toContain('server/app.ts');
    expect(
      inputs.filter(
        (f) => !f.startsWith('node_modules/') && /(^|\/)(testing|fixtures)\/|\.test\.ts$/.test(f),
      ),
    ).toEqual([]);
  });

  it('bundles in the packages every start loads and leaves the others in node_modules', async () => {
    const packages = new Set(
      (await bundleInputs())
        .map((f) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1])
        .filter((p) => p !== undefined),
    );
    expect([...packages].sort()).toEqual(['@hono/node-server', 'hono', 'zod']);
  });
});
