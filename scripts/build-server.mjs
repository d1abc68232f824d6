// Bundles the server and the `soma` command, each into ESM files under dist/.
// Dependencies stay in node_modules (packages: 'external'), so start-up loads only
// what it imports.
import { build } from 'esbuild';

/** What both bundles share. */
const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...NODE_BUNDLE,
  entryPoints: ['server/main.ts'],
  outdir: 'dist/server',
  // Code split so modules imported lazily (the YAML parser) load only when first used.
  splitting: true,
});

// The `soma` command (bin/soma.mjs runs it): its own bundle, so the server loads none of it.
await build({ ...NODE_BUNDLE, entryPoints: ['cli/main.ts'], outdir: 'dist/cli' });
