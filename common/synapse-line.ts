/**
 * The synapse log's line for a link that leads to no note carries this marker in its
 * resolved-note field. The line is written and audited as it is, in Spanish, and stays so on
 * disk; the UI shows the field in the user's language through `wordMissingMarker`.
 */
export const SYNAPSE_MISSING = '(no existe)';

/**
 * A synapse log line as `synapseLine` writes it: ISO time, session, link, then the resolved
 * field. An optional diff mark (`+`, `-` or a space) may come first.
 */
const MISSING_FIELD = new RegExp(
  `^([+\\- ]?\\d{4}-\\d\\d-\\d\\dT\\S+ \\| .*? \\| .*?) \\| ${SYNAPSE_MISSING.replace(/[()]/g, '\\$&')}(?= \\| )`,
);

/**
 * `text` (one line or many: a file, a unified diff) with the missing-note marker of each
 * synapse log line replaced by `word`; anything else, the excerpt included, is left alone.
 */
export function wordMissingMarker(text: string, word: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(MISSING_FIELD, (_all, head: string) => `${head} | ${word}`))
    .join('\n');
}
