import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository's root: this file lives in `scripts/`. */
const ROOT = join(import.meta.dirname, '..');

/** The docs that name the repository's files, as a newcomer's map. */
const DOCS = [
  'docs/ARCHITECTURE.md',
  'docs/INTERNALS.md',
  'docs/PRODUCT.md',
  'docs/FACTS.md',
  'bench/README.md',
];

/** Top-level folders whose paths a doc may name. */
const TOP = /^(server|web|common|cli|harness|bench|e2e|scripts|docs|testing)\//;

/**
 * The repository paths a Markdown text names in backticks: the first word of each
 * backticked span (a command's arguments follow it) that starts with a top-level folder
 * and is not a pattern or a placeholder (`<file>`, `*`).
 */
function namedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const word = span!
      .trim()
      .split(/\s+/)[0]!
      .replace(/[.,;:]$/, '');
    if (TOP.test(word) && !/[<>*{}[\]]/.test(word)) paths.add(word);
  }
  return [...paths];
}

/** Where `npm run bench` writes its results: a doc may name a file a run has not made yet. */
const OUTPUTS = 'bench/results/';

/**
 * True when `path` exists, names a TypeScript module by its name without extension, or
 * is a bench output (then its folder must exist).
 */
function exists(path: string): boolean {
  if (path.startsWith(OUTPUTS)) return existsSync(join(ROOT, OUTPUTS));
  return ['', '.ts', '.tsx'].some((ext) => existsSync(join(ROOT, path + ext)));
}

/** Every file name under the code's top-level folders (what a bare `name.ts` may name). */
function fileNames(): Set<string> {
  const names = new Set<string>();
  for (const top of [
    'server',
    'web',
    'common',
    'cli',
    'harness',
    'testing',
    'bench',
    'scripts',
    'e2e',
  ]) {
    for (const entry of readdirSync(join(ROOT, top), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) names.add(entry.name);
    }
  }
  return names;
}

/** The bare file names (`sender.ts`, `composer.tsx`) a Markdown text names in backticks. */
function namedFiles(markdown: string): string[] {
  const files = new Set<string>();
  for (const [, span] of markdown.matchAll(/`([^`\n/ ]+\.(?:ts|tsx|json|mjs))`/g)) files.add(span!);
  return [...files];
}

describe('docs paths', () => {
  it('every bare file name docs/ARCHITECTURE.md names is a file of the repository', () => {
    const named = namedFiles(readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8'));
    expect(named.length).toBeGreaterThan(20);
    const names = fileNames();
    expect(named.filter((f) => !names.has(f))).toEqual([]);
  });

  it('finds the paths a text names in backticks, first word only, patterns left out', () => {
    const text =
      'See `web/app/route`, `npx tsx bench/x.ts` (not a path), `bench/y.ts 10000 5`, ' +
      '`bench/diagnostics/<file>`, `web/search/`, `<configDir>/history` and `server/a.ts`.';
    expect(namedPaths(text)).toEqual(['web/app/route', 'bench/y.ts', 'web/search/', 'server/a.ts']);
  });

  for (const doc of DOCS) {
    it(`every file or folder ${doc} names exists`, () => {
      const named = namedPaths(readFileSync(join(ROOT, doc), 'utf8'));
      expect(named.length).toBeGreaterThan(3);
      expect(named.filter((p) => !exists(p))).toEqual([]);
    });
  }
});
