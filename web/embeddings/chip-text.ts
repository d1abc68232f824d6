import type { EmbedStatus } from '../../common/embedding-schemas.ts';
import type { Words } from '../i18n/describe-notice.ts';
import { describeEmbedProblem } from './describe-embed-problem.ts';

/**
 * The search view's one line: how many notes semantic search covers, or that search is by
 * words only and why (off in the harness, paused, waiting for consent, where queries are
 * refused, or the embedder failing and why). Empty before the first status read.
 */
export function chipText(s: EmbedStatus | null, t: Words, number: (n: number) => string): string {
  if (!s) return '';
  if (!s.configured) return t('embed.chip.lexical');
  if (!s.enabled) return t('embed.chip.paused');
  if (s.consent === 'needed') return t('embed.chip.consent');
  if (s.state === 'failing' && s.lastError) {
    return t('embed.chip.failing', { problem: describeEmbedProblem(s.lastError, t) });
  }
  return t('embed.chip.semantic', {
    done: number(s.progress.notesDone),
    total: number(s.progress.notesTotal),
  });
}
