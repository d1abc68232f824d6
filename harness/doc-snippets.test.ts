import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EmbeddingsSchema } from './embeddings-schema.ts';

/**
 * Every `"embeddings": { … }` section the docs show, cut out by its braces (a snippet may
 * span lines inside inline code): a user pastes these, and one the schema refuses stops
 * SOMA from starting.
 */
function embeddingsSnippets(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/"embeddings":\s*\{/g)) {
    const start = (m.index ?? 0) + m[0].length - 1;
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        found.push(text.slice(start, i + 1).replaceAll('`', ''));
        break;
      }
    }
  }
  return found;
}

describe('harness/doc-snippets', () => {
  for (const file of ['README.md', 'docs/API.md']) {
    const snippets = embeddingsSnippets(readFileSync(file, 'utf8'));
    it(`${file} shows at least one embeddings section`, () => {
      expect(snippets.length).toBeGreaterThan(0);
    });
    snippets.forEach((snippet, i) => {
      it(`${file}'s embeddings section ${i + 1} is accepted by the harness schema`, () => {
        const parsed = EmbeddingsSchema.safeParse(JSON.parse(snippet));
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      });
    });
  }
});
