// Bundles the server and the `soma` command, each into ESM files under dist/
// (options in node-bundle.mjs: what is bundled in and what stays in node_modules).
import { build } from 'esbuild';
import { NODE_BUNDLE, SERVER_ENTRY_POINTS } from './node-bundle.mjs';

await build({
  ...NODE_BUNDLE,
  entryPoints: SERVER_ENTRY_POINTS,
  outdir: 'dist/server',
  // Code split so modules imported lazily (the YAML parser) load only when first used.
  splitting: true,
});

// The `soma` command (bin/soma.mjs runs it): its own bundle, so the server loads none of it.
await build({ ...NODE_BUNDLE, entryPoints: ['cli/main.ts'], outdir: 'dist/cli' });
