import { describe, expect, it } from 'vitest';
import { cosine } from '../../common/vector-codec.ts';
import { createTestEmbedder, testVector } from './test-embedder.ts';

describe('server/embeddings/test-embedder', () => {
  it('puts a note sharing no word with the query nearest to it, through a concept', async () => {
    const e = createTestEmbedder({ dimensions: 64, batchSize: 8 });
    const [query, ...notes] = await e.embed(
      [
        'mi coche nuevo',
        'El automóvil del vecino hace ruido',
        'Receta de tortilla de patatas',
        'Mi perro duerme en el sofá',
      ],
      'query',
    );
    const scores = notes.map((n) => cosine(query!, n));
    expect(scores[0]).toBeGreaterThan(0.3);
    expect(scores[0]).toBeGreaterThan(Math.max(scores[1]!, scores[2]!));
  });

  it('folds accents and case and gives the same vector every time', () => {
    expect([...testVector('AUTOMÓVIL', 32)]).toEqual([...testVector('automovil', 32)]);
    expect([...testVector('vehículos', 32)]).toEqual([...testVector('coche', 32)]);
  });

  it('gives unrelated words low similarity', () => {
    expect(Math.abs(cosine(testVector('perro', 64), testVector('ordenador', 64)))).toBeLessThan(
      0.5,
    );
  });

  it('returns one vector per text, of the configured dimension', async () => {
    const e = createTestEmbedder({ dimensions: 16, batchSize: 4 });
    const out = await e.embed(['a b', 'c', ''], 'document');
    expect(out.map((v) => v.length)).toEqual([16, 16, 16]);
  });
});
