import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.join(import.meta.dirname, '..');

/**
 * The chat is built on by the proposals and the web context, never the other way
 * round: each folder may import only the folders after it here. Type-only and
 * on-demand imports count too, since they tie the code just the same.
 */
const LAYERS = ['web-context', 'proposals', 'chat'];

/** Every module specifier a file names: static, type-only, re-exported or dynamic. */
const SPECIFIER_RE =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(path.join(WEB, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The web folders (`chat`, `lib`, ...) a source file in web/ imports from. */
function importedFolders(file: string, text = readFileSync(path.join(WEB, file), 'utf8')) {
  return [...text.matchAll(SPECIFIER_RE)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
    .filter((s) => s.startsWith('.'))
    .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)).split('/')[0]);
}

/** The folders `folder` may not import: those before it in LAYERS. */
const forbidden = (folder: string) => LAYERS.slice(0, LAYERS.indexOf(folder));

const offenders = (file: string, text?: string) =>
  importedFolders(file, text)
    .filter((f) => f !== undefined && forbidden(file.split('/')[0] ?? '').includes(f))
    .map((f) => `${file} -> web/${f}`);

describe('web/chat feature imports', () => {
  it('finds the modules it polices (the scan is not empty)', () => {
    expect(sources('chat')).toContain('chat/chat-store.ts');
    expect(sources('proposals')).toContain('proposals/proposals-store.ts');
    expect(sources('web-context')).toContain('web-context/web-context-store.ts');
  });

  it('keeps the chat free of proposals and web context, and proposals free of web context', () => {
    const found = LAYERS.flatMap(sources).flatMap((f) => offenders(f));
    expect(found).toEqual([]);
  });

  it("lets only a store's own folder reach the core that holds its setState", () => {
    const cores = ['chat/chat-core.ts', 'proposals/proposals-core.ts'];
    const found = sources('.').flatMap((file) => {
      const text = readFileSync(path.join(WEB, file), 'utf8');
      return cores
        .filter((core) => !file.startsWith(`./${core.split('/')[0]}/`))
        .filter((core) => text.includes(`/${core}'`))
        .map((core) => `${file} -> ${core}`);
    });
    expect(found).toEqual([]);
  });

  it('catches a forbidden import when one is present (the patterns work)', () => {
    const sample = [
      "import type { ProposalsStore } from '../proposals/proposals-store.ts';",
      "const m = await import('../web-context/web-commands.ts');",
      "import { newId } from './new-id.ts';",
    ].join('\n');
    expect(offenders('chat/sample.ts', sample)).toEqual([
      'chat/sample.ts -> web/proposals',
      'chat/sample.ts -> web/web-context',
    ]);
    expect(offenders('web-context/sample.ts', sample)).toEqual([]);
  });
});
