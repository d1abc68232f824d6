// Bundles the server into one ESM file (dist/server/main.js). Dependencies stay
// in node_modules (packages: 'external'), so start-up loads only what it imports.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outdir: 'dist/server',
  // Code split so modules imported lazily (the YAML parser) load only when first used.
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The `soma` command (bin/soma.mjs runs it): its own bundle, so the server loads none of it.
await build({
  entryPoints: ['cli/main.ts'],
  outdir: 'dist/cli',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
