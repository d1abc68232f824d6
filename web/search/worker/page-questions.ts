/** The longest a sync waits for a question the page said was coming. */
const QUESTION_WAIT_MS = 5_000;

/**
 * The page's questions as the worker's other work waits for them: which were
 * received and not answered yet (not even lexically), whether one was ever
 * asked, and the one the page said is coming (`load`'s `asking`).
 */
export function createPageQuestions() {
  const unanswered = new Set<number>();
  let whenAnswered: (() => void)[] = [];
  let asked = false;
  let coming: Promise<void> = Promise.resolve();
  let arrived: () => void = () => undefined;

  return {
    /** A question has been asked: the warm-up's questions are ranked only (no read of the copy). */
    get asked() {
      return asked;
    },
    /**
     * The page said a question is coming: `coming` resolves once it has arrived,
     * or after QUESTION_WAIT_MS if it never does. When the worker was ready before
     * it, the sync began first, and its read of every hash held the question's
     * read of its hits' text (measured: docs/FACTS.md).
     */
    expect() {
      coming = new Promise((resolve) => {
        arrived = resolve;
        setTimeout(resolve, QUESTION_WAIT_MS);
      });
    },
    coming: (): Promise<void> => coming,
    received(id: number) {
      unanswered.add(id);
      asked = true;
      arrived();
    },
    /** Question `id` has had its first answer. */
    done(id: number) {
      if (!unanswered.delete(id) || unanswered.size > 0) return;
      const waiting = whenAnswered;
      whenAnswered = [];
      for (const resolve of waiting) resolve();
    },
    /** Resolves once every question received has had its first answer (at once when none waits). */
    answered: (): Promise<void> =>
      unanswered.size === 0 ? Promise.resolve() : new Promise<void>((r) => whenAnswered.push(r)),
  };
}

export type PageQuestions = ReturnType<typeof createPageQuestions>;
