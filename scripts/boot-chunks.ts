import type { Plugin } from 'vite';

/** What a chunking pass can ask about a module: its static and dynamic imports. */
interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Scripts only: styles and assets keep the bundler's own placement. */
const isScript = (id: string) => /\.(?:[cm]?js|tsx?)$/.test(id.split('?')[0] ?? '');

/** Every script `from` reaches through static imports, `from` included. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || !isScript(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The chunk of each module the first page runs, by the boot step that first needs it: the
 * entry's own imports, then each module the entry imports dynamically, in the order it
 * imports them (web/main.tsx evaluates them a task at a time). One chunk per step instead
 * of the many small shared chunks the steps and the lazy routes would otherwise be split
 * into: the first page's scripts compress better, and each step still evaluates in its task.
 */
export function bootChunkName(entryPath: string) {
  let steps: Map<string, number> | null = null;
  return (id: string, ctx: ModuleGraph): string | null => {
    if (steps === null) {
      const found = new Map<string, number>();
      const entry = [...staticClosure(ctx, entryPath)];
      const dynamic = ctx.getModuleInfo(entryPath)?.dynamicallyImportedIds ?? [];
      [entry, ...dynamic.map((d) => [...staticClosure(ctx, d)])].forEach((ids, step) => {
        for (const m of ids) if (!found.has(m)) found.set(m, step);
      });
      steps = found;
    }
    // The entry stays in a chunk of its own: its top-level awaits import the later steps,
    // which import from the first one, and a chunk holding both would wait on itself.
    const step = id === entryPath ? undefined : steps.get(id);
    return step === undefined ? null : `boot-${step}`;
  };
}

/**
 * Links every boot step's chunk from index.html as a modulepreload: the browser fetches
 * them all at once with the entry instead of one round trip per step (web/main.tsx still
 * evaluates them a task at a time; a preload fetches and compiles, it does not run).
 */
export function bootPreloads(): Plugin {
  return {
    name: 'soma-boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        Object.values(ctx.bundle ?? {})
          .filter((out) => out.type === 'chunk' && /^boot-\d+$/.test(out.name))
          .filter((out) => !html.includes(`/${out.fileName}"`))
          .sort((a, b) => a.fileName.localeCompare(b.fileName, 'en', { numeric: true }))
          .map((out) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${out.fileName}` },
            injectTo: 'head' as const,
          })),
    },
  };
}
