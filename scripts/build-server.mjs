// Bundles the server into one ESM file (dist/server/main.js). Dependencies stay
// in node_modules (packages: 'external'), so start-up loads only what it imports.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
