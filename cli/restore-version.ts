import type { HistoryListAnswer } from '../common/history-schemas.ts';
import { CliError } from './exit-codes.ts';

/** The fewest hex digits that may name a version (the listing shows twelve). */
const MIN_PREFIX = 6;

/**
 * `soma --historial RUTA --restaurar N`: which version to bring back. A number is a line
 * of the listing (1 the newest write) and means the file as it was before that write,
 * so `--restaurar 1` undoes the last one; a hex prefix names a version the listing shows
 * (before or after any write). `null` is a file SOMA created: removing it is the way back.
 */
export function pickVersion(list: HistoryListAnswer, choice: string): string | null {
  if (/^\d+$/.test(choice)) {
    const write = list.writes[Number(choice) - 1];
    if (!write) {
      throw new CliError(
        'usage',
        `--restaurar ${choice}: ${list.path} tiene ${list.writes.length} escrituras en su historial.`,
      );
    }
    return write.before;
  }
  const prefix = choice.toLowerCase();
  if (!/^[0-9a-f]+$/.test(prefix) || prefix.length < MIN_PREFIX) {
    throw new CliError(
      'usage',
      `--restaurar lleva el número de una línea del historial o al menos ${MIN_PREFIX} cifras de una versión.`,
    );
  }
  const named = new Set(
    list.writes
      .flatMap((w) => [w.before, w.after])
      .filter((h): h is string => h?.startsWith(prefix) === true),
  );
  if (named.size === 0)
    throw new CliError('not_found', `ninguna versión de ${list.path} empieza por ${prefix}.`);
  if (named.size > 1)
    throw new CliError('usage', `varias versiones empiezan por ${prefix}: da más cifras.`);
  return [...named][0] ?? null;
}
