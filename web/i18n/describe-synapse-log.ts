import { wordMissingMarker } from '../../common/synapse-line.ts';
import type { Words } from './describe-notice.ts';

/**
 * Synapse log text (a line, the file, a diff of it) as the UI shows it: the line stays as
 * written and signed, save the missing-note marker, worded in the user's language.
 */
export function describeSynapseLog(text: string, t: Words): string {
  return wordMissingMarker(text, t('synapse.log.missing'));
}
