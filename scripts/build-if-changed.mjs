// `npm start`'s first step: build only on first start or when the sources
// changed (see build-stamp.mjs); `--stamp` is `npm run build`'s last step.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { upToDate, writeStamp } from './build-stamp.mjs';

// Not import.meta.dirname (Node 20.11+): on Node 18 the check below must still be reached.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Debian 12 and MX 23 ship Node 18: say so plainly instead of failing deep in the build.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `SOMA necesita Node 20.19 o posterior y este es ${process.versions.node}.\n` +
      'En Debian 12 / MX 23 instala Node 22 (NodeSource o nvm): lo explica el README, «Instalar».',
  );
  process.exit(1);
}

if (process.argv.includes('--stamp')) {
  writeStamp(root);
} else if (!upToDate(root)) {
  console.log('SOMA: construyendo la aplicación (solo la primera vez o tras un cambio)…');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}
