import { readFile } from 'node:fs/promises';

/**
 * `npm run serve` as words after `node`: the node flags users run SOMA with, then the
 * script. Every benchmark starts the server this way, so memory is measured as shipped.
 */
export async function serveCommand(): Promise<{ nodeArgs: string[]; script: string }> {
  const pkg = JSON.parse(await readFile('package.json', 'utf8'));
  const words: string[] = pkg.scripts.serve.split(/\s+/);
  const script = words.at(-1);
  if (words[0] !== 'node' || !script?.endsWith('.js')) {
    throw new Error('npm run serve no es «node [opciones] script.js»');
  }
  return { nodeArgs: words.slice(1, -1), script };
}
