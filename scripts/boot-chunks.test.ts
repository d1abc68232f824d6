import { describe, expect, it } from 'vitest';
import { bootChunkName } from './boot-chunks.ts';

/** A module graph as the bundler reports it: static imports, then dynamic ones. */
function graph(modules: Record<string, { imports?: string[]; dynamic?: string[] }>) {
  return {
    getModuleInfo: (id: string) => {
      const m = modules[id];
      return m ? { importedIds: m.imports ?? [], dynamicallyImportedIds: m.dynamic ?? [] } : null;
    },
  };
}

const app = graph({
  '/web/main.tsx': {
    imports: ['/web/route.ts', '/web/styles.css'],
    dynamic: ['/web/api.ts', '/web/app.tsx'],
  },
  '/web/route.ts': {},
  '/web/styles.css': {},
  '/web/api.ts': { imports: ['/nm/zod.js', '/web/route.ts'] },
  '/nm/zod.js': {},
  '/web/app.tsx': { imports: ['/web/api.ts', '/web/view.tsx'], dynamic: ['/web/note.tsx'] },
  '/web/view.tsx': {},
  '/web/note.tsx': { imports: ['/web/zod-only-here.ts'] },
  '/web/zod-only-here.ts': {},
});

describe('bootChunkName', () => {
  it('puts each module the boot runs in the chunk of the first step that needs it', () => {
    const name = bootChunkName('/web/main.tsx');
    expect(name('/web/route.ts', app)).toBe('boot-0');
    expect(name('/web/api.ts', app)).toBe('boot-1');
    expect(name('/nm/zod.js', app)).toBe('boot-1');
    expect(name('/web/app.tsx', app)).toBe('boot-2');
    expect(name('/web/view.tsx', app)).toBe('boot-2');
  });

  it('leaves the entry, styles and what only later routes load to the bundler', () => {
    const name = bootChunkName('/web/main.tsx');
    expect(name('/web/main.tsx', app)).toBeNull();
    expect(name('/web/styles.css', app)).toBeNull();
    expect(name('/web/note.tsx', app)).toBeNull();
    expect(name('/web/zod-only-here.ts', app)).toBeNull();
  });
});
