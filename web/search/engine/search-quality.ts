import type { SearchPair } from '../../../common/search-pair-schemas.ts';

/**
 * «¿Era esta?» figures: how well search finds, on the user's own questions,
 * the notes the user said they were looking for. The same arithmetic scores
 * the project's relevance set (bench/relevance-tldr.ts).
 */

/** Hits looked at per question: MRR@10. */
const DEPTH = 10;
/** A question is found when its note is in the first five. */
const TOP = 5;

/** One question and the notes that answer it. */
export interface QualityQuestion {
  query: string;
  expected: readonly string[];
}

/** How one question fared: the rank (1-based) of its first expected note, 0 beyond DEPTH; the note ranked first. */
export interface QuestionOutcome extends QualityQuestion {
  rank: number;
  first: string | null;
}

/** Top-5 hit rate and MRR@10 over some questions, and each question's outcome. */
export interface QualityReport {
  count: number;
  top5: number;
  mrr10: number;
  questions: QuestionOutcome[];
}

/** The pairs as questions: one per question typed, its expected notes every note chosen for it. */
export function questionsOf(pairs: readonly SearchPair[]): QualityQuestion[] {
  const byQuery = new Map<string, string[]>();
  for (const p of pairs) {
    const list = byQuery.get(p.query) ?? [];
    if (!list.includes(p.path)) list.push(p.path);
    byQuery.set(p.query, list);
  }
  return [...byQuery].map(([query, expected]) => ({ query, expected }));
}

/**
 * Scores `questions` with `rank` (a question → note paths, best first). Each
 * question is awaited in turn, so a worker answers what is typed meanwhile.
 */
export async function scoreQuestions(
  questions: readonly QualityQuestion[],
  rank: (query: string) => readonly string[] | Promise<readonly string[]>,
): Promise<QualityReport> {
  const outcomes: QuestionOutcome[] = [];
  for (const q of questions) {
    const ranked = (await rank(q.query)).slice(0, DEPTH);
    const rank1 = ranked.findIndex((p) => q.expected.includes(p)) + 1;
    outcomes.push({ ...q, rank: rank1, first: ranked[0] ?? null });
  }
  const n = outcomes.length;
  const hits = outcomes.filter((o) => o.rank > 0 && o.rank <= TOP).length;
  const rr = outcomes.reduce((sum, o) => sum + (o.rank > 0 ? 1 / o.rank : 0), 0);
  return { count: n, top5: n ? hits / n : 0, mrr10: n ? rr / n : 0, questions: outcomes };
}
