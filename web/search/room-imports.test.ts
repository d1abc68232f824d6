import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SEARCH = import.meta.dirname;

/**
 * web/search's rooms, lowest first: each may import only the rooms before it
 * (type-only and on-demand imports count too, since they tie the code just the
 * same). Files at web/search's top are not a room and are not policed here.
 */
const ROOMS = ['analysis', 'index', 'engine', 'worker', 'ui'];

/** The engine's entry, which the CLI and the bench import. */
const ENGINE_ENTRY = 'engine/search-engine.ts';

/** Every module specifier a file names: static, type-only, re-exported or dynamic. */
const SPECIFIER_RE =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

/** Product sources under `dir` (relative to web/search), tests left out. */
function sources(dir: string): string[] {
  return readdirSync(path.join(SEARCH, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** What `file` (relative to web/search) imports: packages as named, files relative to web/search. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SEARCH, file), 'utf8');
  return [...text.matchAll(SPECIFIER_RE)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
    .map((s) =>
      s.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), s)) : s,
    );
}

const roomOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '');

describe('web/search room imports', () => {
  it('finds the modules it polices (the scan is not empty)', () => {
    for (const room of ROOMS) expect(sources(room).length).toBeGreaterThan(0);
    expect(sources('engine')).toContain(ENGINE_ENTRY);
  });

  it('lets each room import only the rooms below it', () => {
    const found = ROOMS.flatMap((room) =>
      sources(room).flatMap((file) =>
        importsOf(file)
          .filter((target) => ROOMS.indexOf(roomOf(target)) > ROOMS.indexOf(room))
          .map((target) => `${file} -> ${target}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('keeps the page out of everything the engine entry imports', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of importsOf(file)) {
        const pageCode =
          target === 'solid-js' ||
          target.startsWith('solid-js/') ||
          target.endsWith('.tsx') ||
          ['ui', 'worker'].includes(roomOf(target)) ||
          /^\.\.\/(app|ui|chat|vault|offline|session)\//.test(target);
        if (pageCode) offenders.push(`${file} -> ${target}`);
        // Followed outside web/search too (web/db, common/): page code there would come along.
        else if (target.endsWith('.ts')) visit(target);
      }
    };
    visit(ENGINE_ENTRY);
    expect(seen.size).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });

  it("leaves minisearch's private fields to the one adapter", () => {
    const casts = sources('.')
      .filter((file) => file !== 'index/minisearch-internals.ts')
      .filter((file) => {
        const text = readFileSync(path.join(SEARCH, file), 'utf8');
        return /interface \w*Internals\b|as unknown as \{[^}]*\b_\w+/.test(text);
      });
    expect(casts).toEqual([]);
  });
});
