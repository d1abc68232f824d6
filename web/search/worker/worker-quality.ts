import { yieldToLoop } from '../../lib/yield-to-loop.ts';
import type { VectorLayer } from '../../vectors/vector-layer.ts';
import type { SearchEngine } from '../engine/search-engine.ts';
import { questionsOf, scoreQuestions } from '../engine/search-quality.ts';
import type { SearchHit } from '../engine/search-types.ts';
import { hybridHits } from '../hybrid-search.ts';
import type { FromWorker, ToWorker } from './search-protocol.ts';

type QualityAsk = Extract<ToWorker, { type: 'quality' }>;

/** Lets the worker read a question typed meanwhile between two scored questions. */
const yieldToMessages = yieldToLoop;

/**
 * Answers a «¿Era esta?» request in the worker: the pairs scored with words
 * alone (the lexical ranking) and, when the vectors are there, words +
 * meaning (fused as a search fuses them; a question's vector may come from
 * the server). One question at a time, yielding between them, so that typing
 * is never kept waiting behind the whole list.
 */
export function createQualityAnswerer(
  engine: SearchEngine,
  vectors: VectorLayer,
  post: (message: FromWorker) => void,
) {
  const lexical = (query: string): SearchHit[] =>
    engine.rank(query, false).map((r) => ({ ...r, snippet: '', marks: [] }));
  return async ({ id, pairs }: QualityAsk) => {
    const questions = questionsOf(pairs);
    const words = await scoreQuestions(questions, async (q) => {
      await yieldToMessages();
      return lexical(q).map((h) => h.path);
    });
    await vectors.loaded();
    const index = vectors.index;
    // The layer off or its vectors not there yet: the first question tells (plans are cached).
    const first = questions[0];
    const meaning =
      index && first && vectors.plan(first.query).kind !== 'lexical'
        ? await scoreQuestions(questions, async (q) => {
            await yieldToMessages();
            const plan = vectors.plan(q);
            const hits = lexical(q);
            if (plan.kind === 'lexical') return hits.map((h) => h.path);
            const vector = plan.kind === 'vector' ? plan.vector : await plan.vector;
            const fused = await hybridHits(hits, index, vector, vectors.hybrid, {});
            return fused.map((h) => h.path);
          })
        : null;
    post({ type: 'quality', id, words, meaning });
  };
}
