import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The production bundle's inputs, as esbuild resolves them from the same entry point
 * and the same externals as scripts/build-server.mjs (nothing is written).
 */
async function bundleInputs(): Promise<string[]> {
  const result = await build({
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
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
    expect(inputs.filter((f) => /(^|\/)(testing|fixtures)\/|\.test\.ts$/.test(f))).toEqual([]);
  });
});
