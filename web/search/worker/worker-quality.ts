import { listModelQualities, saveModelQuality } from '../../db/search-quality-repo.ts';
import { yieldToLoop } from '../../lib/yield-to-loop.ts';
import type { VectorLayer } from '../../vectors/vector-layer.ts';
import type { SearchEngine } from '../engine/search-engine.ts';
import { type QualityQuestion, questionsOf, scoreQuestions } from '../engine/search-quality.ts';
import type { SearchHit } from '../engine/search-types.ts';
import { hybridHits } from '../hybrid-search.ts';
import type { FromWorker, ToWorker } from './search-protocol.ts';

type QualityAsk = Extract<ToWorker, { type: 'quality' }>;
type QualityAnswer = Extract<FromWorker, { type: 'quality' }>;

/** Lets the worker read a question typed meanwhile between two scored questions. */
const yieldToMessages = yieldToLoop;

/**
 * A scoring that failed (a question's vector not given: the server restarting, or on
 * another generation for a moment) is tried again this long after while watched, then
 * twice as long after each further failure.
 */
export const QUALITY_RETRY_MS = 2_000;

/**
 * Keeps the «¿Era esta?» figures in the worker: the pairs scored with words
 * alone (the lexical ranking) and, when the vectors are there, words +
 * meaning (fused as a search fuses them; a question's vector may come from
 * the server). One question at a time, yielding between them, so that typing
 * is never kept waiting behind the whole list. While the page looks at them,
 * `check` scores them again when what the ranking depends on changed: the
 * embedding model, the harness's synonyms or fusion settings, or the server
 * finishing its embedding. Each model's settled figures are kept in IndexedDB.
 */
export function createQualityKeeper(
  engine: SearchEngine,
  vectors: VectorLayer,
  post: (message: FromWorker) => void,
  options: { now?: () => number; retryMs?: number } = {},
) {
  const { now = Date.now, retryMs = QUALITY_RETRY_MS } = options;
  const lexical = (query: string): SearchHit[] =>
    engine.rank(query, false).map((r) => ({ ...r, snippet: '', marks: [] }));
  /** What the figures depend on besides the pairs and the notes. */
  const inputs = () =>
    JSON.stringify([
      vectors.model,
      vectors.hybrid,
      engine.synonymGroups,
      vectors.settled,
      (vectors.index?.chunks ?? 0) > 0,
    ]);

  const score = async (questions: QualityQuestion[]) => {
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
    return { words, meaning };
  };

  /** Keeps settled words + meaning figures as their model's; every model's figures. */
  const kept = async (a: Omit<QualityAnswer, 'byModel'>) => {
    const { meaning, model } = a;
    const figures =
      meaning && model && !a.provisional
        ? { model, top5: meaning.top5, mrr10: meaning.mrr10, count: meaning.count, at: now() }
        : null;
    // A browser that keeps nothing still shows this model's figures.
    return (figures ? saveModelQuality(figures) : listModelQualities()).catch(() => []);
  };

  let watching: QualityAsk | null = null;
  /** What the last scoring (or the one under way) started from. */
  let scoredWith = '';
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Failed scorings in a row: each waits twice as long before the next try (up to 30 s). */
  let failures = 0;

  /** Scores the watched pairs; a call while scoring scores once more after. */
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const ask = watching;
          if (!ask) break;
          scoredWith = inputs();
          const provisional = !vectors.settled;
          const { words, meaning } = await score(questionsOf(ask.pairs));
          // Asked again or changed meanwhile: those figures are old already.
          if (again || watching !== ask) continue;
          const answer = {
            type: 'quality' as const,
            id: ask.id,
            words,
            meaning,
            model: meaning ? vectors.model : null,
            provisional: meaning !== null && provisional,
          };
          post({ ...answer, byModel: await kept(answer) });
          failures = 0;
        } while (again);
      } catch {
        // Nothing was posted for these inputs: the figures shown are the old ones (marked
        // stale). Forgetting what was scored makes the next check, or the retry, score again.
        scoredWith = '';
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void check(), Math.min(retryMs * 2 ** failures, 30_000));
        failures++;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  /**
   * Something the ranking depends on may have changed: when it did, the figures are
   * stale (the page is told) and scored again. Nothing changed: nothing happens.
   */
  const check = (): Promise<void> => {
    if (!watching || inputs() === scoredWith) return running ?? Promise.resolve();
    post({ type: 'quality-stale', id: watching.id });
    return run();
  };

  return {
    /** Scores `ask`'s pairs and keeps watching them (the panel is open). */
    ask(ask: QualityAsk): Promise<void> {
      watching = ask;
      return run();
    },
    /** The panel that asked `id` closed: changes no longer score its pairs again. */
    stop(id: number) {
      if (watching?.id !== id) return;
      watching = null;
      clearTimeout(retryTimer);
    },
    check,
  };
}

export type QualityKeeper = ReturnType<typeof createQualityKeeper>;
