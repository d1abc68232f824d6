import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;

/** A relative import or re-export, static or dynamic: what one module asks of another. */
const RELATIVE_IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g;

/** Every non-test TypeScript module under `dir`, as a path relative to server/. */
function modules(dir: string): string[] {
  return readdirSync(path.join(SERVER, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return modules(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The top folder of a server/-relative path; `(root)` for app.ts and main.ts. */
function folderOf(rel: string): string {
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0]! : '(root)';
}

/** Folder -> the folders its modules import, imports inside one folder left out. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of modules('')) {
    const text = readFileSync(path.join(SERVER, file), 'utf8');
    for (const m of text.matchAll(RELATIVE_IMPORT)) {
      const target = path.relative(SERVER, path.resolve(SERVER, path.dirname(file), m[1] ?? m[2]!));
      if (target.startsWith('..')) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** One loop of the graph as the folders along it (first repeated last), or null when acyclic. */
function findLoop(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    if (done.has(node)) return null;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    onPath.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const loop = visit(node);
    if (loop) return loop;
  }
  return null;
}

describe('server folder graph', () => {
  it('reads the imports between folders (the scan is not empty)', () => {
    const graph = folderGraph();
    expect(graph.get('proposals')).toContain('vault');
    expect(graph.get('(root)')).toContain('http');
  });

  it('has no loop: no folder reaches itself through the folders it imports', () => {
    expect(findLoop(folderGraph())).toBeNull();
  });

  it('finds a loop when one is present (the check works)', () => {
    const graph = new Map([
      ['vault', new Set(['http', 'lan'])],
      ['lan', new Set(['config'])],
      ['config', new Set(['vault'])],
      ['http', new Set<string>()],
    ]);
    expect(findLoop(graph)).toEqual(['vault', 'lan', 'config', 'vault']);
    graph.get('config')!.clear();
    expect(findLoop(graph)).toBeNull();
  });
});
