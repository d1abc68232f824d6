// Whether dist/ was built from the sources as they are now. `npm start` builds
// only when they changed, so a warm start reaches the login link in well under
// a second instead of ~10 s. The fingerprint is a SHA-256 over the path and
// content of every build input: a `git checkout`, an edit or a new dependency
// all rebuild; a touched file with the same content does not.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders and files whose content decides what `npm run build` produces. */
export const BUILD_INPUTS = [
  'web',
  'server',
  'common',
  'cli',
  // soma.json is read at run time (and reloaded live), so only its schema is built in.
  'harness/schema.ts',
  'public',
  'scripts/build-server.mjs',
  'scripts/node-bundle.mjs',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
];
/** Outputs that must exist for a skipped build to be a working one. */
const OUTPUTS = ['dist/server/main.js', 'dist/cli/main.js', 'dist/web/index.html'];
/** Holds the fingerprint of the inputs dist/ was last built from. */
const STAMP = 'dist/.build-stamp';

function* files(path) {
  const stat = statSync(path);
  if (stat.isFile()) {
    yield path;
    return;
  }
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    // Tests are not part of the build.
    if (/\.test\.tsx?$/.test(name)) continue;
    yield* files(join(path, name));
  }
}

/** SHA-256 over every build input's path and content under `root`, in a stable order. */
export function fingerprint(root) {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    const abs = join(root, input);
    if (!existsSync(abs)) continue;
    for (const file of files(abs)) {
      hash.update(relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when dist/ exists and was stamped with the sources' current fingerprint. */
export function upToDate(root) {
  if (!OUTPUTS.every((out) => existsSync(join(root, out)))) return false;
  const stamp = join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint(root);
}

/** Records that dist/ now matches the sources (the last step of `npm run build`). */
export function writeStamp(root) {
  writeFileSync(join(root, STAMP), `${fingerprint(root)}\n`);
}
