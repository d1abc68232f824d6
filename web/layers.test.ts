import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = import.meta.dirname;

/**
 * The layers of web/, top to bottom. A folder imports its own layer or the ones under it:
 * the shell builds every store and picks the screens, features never reach the shell
 * (they read the stores through `state/`), and the shared pieces know no feature. Files
 * directly in web/ (`main.tsx`) are the shell's, as `(root)`. A new folder must be put in
 * a layer here before the test passes.
 */
const LAYERS: Record<string, readonly string[]> = {
  shell: ['(root)', 'app'],
  feature: [
    'chat',
    'proposals',
    'history',
    'vault',
    'search',
    'search-help',
    'vectors',
    'embeddings',
    'devices',
    'pairing',
    'offline',
    'web-context',
    'sync',
    'vault-sync',
    'session',
  ],
  shared: ['state', 'router', 'lib', 'db', 'i18n', 'markdown', 'ui', 'testing'],
};

/** Rank of each layer: an import may go to the same rank or a lower one. */
const RANK: Record<string, number> = { shell: 2, feature: 1, shared: 0 };

/**
 * Imports allowed to run from a lower layer to a higher one, as `file => target`, both
 * relative to web/. At most two, each with the reason it cannot run the other way.
 * None is needed today.
 */
const EXCEPTIONS: readonly string[] = [];

/** Every module specifier a file names: static, type-only, re-exported, side-effect, dynamic, augmented. */
const SPECIFIER_RE =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]|\bdeclare\s+module\s+['"]([^'"]+)['"]/g;

/** The non-test TypeScript sources under `dir`, relative to web/. */
function sources(dir = ''): string[] {
  return readdirSync(path.join(WEB, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The top folder of a path relative to web/, or `(root)` for a file directly in web/. */
const folderOf = (rel: string) => (rel.includes('/') ? (rel.split('/')[0] ?? '') : '(root)');

interface Edge {
  from: string;
  to: string;
  /** `file => target`, relative to web/. */
  site: string;
}

/** The imports of one file that cross from its folder into another folder of web/. */
function crossings(file: string, text: string): Edge[] {
  return [...text.matchAll(SPECIFIER_RE)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '')
    .filter((s) => s.startsWith('.'))
    .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))
    .filter((target) => !target.startsWith('../'))
    .map((target) => ({ from: folderOf(file), to: folderOf(target), site: `${file} => ${target}` }))
    .filter((e) => e.from !== e.to);
}

/** The folders that import each other, round a loop: every cycle, as its folders (Tarjan). */
function loops(edges: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w !== undefined) part.push(w);
    } while (w !== v && w !== undefined);
    if (part.length > 1) found.push(part.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

const layerOf = (folder: string) =>
  Object.keys(LAYERS).find((layer) => LAYERS[layer]!.includes(folder));

/** The imports that climb from a lower layer to a higher one, less the listed exceptions. */
const upward = (edges: readonly Edge[]) =>
  edges
    .filter((e) => RANK[layerOf(e.from) ?? '']! < RANK[layerOf(e.to) ?? '']!)
    .map((e) => e.site)
    .filter((site) => !EXCEPTIONS.includes(site));

const webEdges = () =>
  sources().flatMap((file) => crossings(file, readFileSync(path.join(WEB, file), 'utf8')));

describe('web layers', () => {
  it('reads the imports it polices (the scan is not empty)', () => {
    const sites = webEdges().map((e) => e.site);
    expect(sites).toContain('app/create-stores.ts => chat/chat-store.ts');
    expect(sites).toContain('chat/chat-view.tsx => state/use-stores.ts');
  });

  it('puts every folder of web/ in exactly one layer', () => {
    const folders = new Set(sources().map(folderOf));
    const listed = Object.values(LAYERS).flat();
    expect([...folders].filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.length).toBe(new Set(listed).size);
  });

  it('has no loop of folders importing each other', () => {
    expect(loops(webEdges())).toEqual([]);
  });

  it('has no import from a lower layer into a higher one beyond at most two listed ones', () => {
    expect(EXCEPTIONS.length).toBeLessThanOrEqual(2);
    expect(upward(webEdges())).toEqual([]);
  });

  it('catches a feature importing the shell, a shared piece importing a feature, and a loop', () => {
    const edges = [
      ...crossings('chat/sample.ts', "import type { X } from '../app/create-stores.ts';"),
      ...crossings('ui/sample.tsx', "const m = await import('../chat/chat-store.ts');"),
      ...crossings('search/sample.ts', "export { v } from '../vectors/vector-layer.ts';"),
      ...crossings('vectors/sample.ts', "import '../search/search-types.ts';"),
      ...crossings('chat/other.ts', "import { y } from './y.ts';"),
    ];
    expect(upward(edges)).toEqual([
      'chat/sample.ts => app/create-stores.ts',
      'ui/sample.tsx => chat/chat-store.ts',
    ]);
    expect(loops(edges)).toEqual([['search', 'vectors']]);
  });
});
