import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Packages that cost megabytes: the idle server must not load them. */
const HEAVY = ['@mozilla/readability', 'linkedom', 'turndown'];

/** Every module extract-routes.ts loads at start-up: its static imports, followed. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) staticGraph(join(dirname(file), spec), seen);
    else seen.add(spec);
  }
  return seen;
}

describe('server/extract lazy parsers', () => {
  it('keeps Readability, linkedom and turndown out of the start-up imports', () => {
    const graph = staticGraph('server/extract/extract-routes.ts');
    expect(graph.has('server/extract/fetch-page.ts')).toBe(true);
    for (const heavy of HEAVY) expect(graph.has(heavy)).toBe(false);
  });

  it('loads them from extract-readable.ts, imported inside the handler', () => {
    expect(staticGraph('server/extract/extract-readable.ts').has('linkedom')).toBe(true);
    const routes = readFileSync('server/extract/extract-routes.ts', 'utf8');
    expect(routes).toMatch(/await import\('\.\/extract-readable\.ts'\)/);
  });
});
