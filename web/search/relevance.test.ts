import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relevanceSet } from '../../testing/web/relevance-set.ts';
import { NoteIndex } from './engine/note-index.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');

/** The first five paths `grep -ril QUERY` prints, as the seed searched (the whole query string). */
function grepTop5(query: string): string[] {
  try {
    const out = execFileSync('grep', ['-ril', '--', query, '.'], {
      cwd: FIXTURES,
      encoding: 'utf8',
    });
    return out
      .split('\n')
      .filter(Boolean)
      .map((p) => p.replace(/^\.\//, '').normalize('NFC'))
      .slice(0, 5);
  } catch {
    return []; // grep exits with 1 when nothing matches
  }
}

function fixtureIndex(): NoteIndex {
  const index = NoteIndex.empty();
  for (const file of readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.md'))
      index.upsert(file.normalize('NFC'), readFileSync(join(FIXTURES, file), 'utf8'));
  }
  return index;
}

function hitRate(top5: (query: string) => string[]): number {
  const found = relevanceSet.filter((c) => top5(c.query).includes(c.expected));
  return found.length / relevanceSet.length;
}

describe('search relevance (web/search/fixtures)', () => {
  it('finds the expected note in the top 5 for at least 90% of the queries, and beats grep', () => {
    const index = fixtureIndex();
    const soma = hitRate((q) =>
      index
        .search(q, {}, false)
        .slice(0, 5)
        .map((h) => h.path),
    );
    const grep = hitRate(grepTop5);
    console.info(`top-5 hit rate: SOMA ${soma.toFixed(2)}, grep -ril ${grep.toFixed(2)}`);
    expect(relevanceSet.length).toBeGreaterThanOrEqual(25);
    expect(soma).toBeGreaterThanOrEqual(0.9);
    expect(soma).toBeGreaterThan(grep);
  });
});
