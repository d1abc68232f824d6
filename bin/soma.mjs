#!/usr/bin/env node
// The `soma` command (package.json "bin"): runs the built CLI, building SOMA first
// when its sources changed, like `npm start` does.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
execFileSync(process.execPath, [join(root, 'scripts', 'build-if-changed.mjs')], {
  // Build messages go to standard error: standard output is the answer (scripts read it).
  stdio: ['ignore', 2, 2],
});
await import(join(root, 'dist', 'cli', 'main.js'));
