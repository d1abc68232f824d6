/** How many of /buscar's hits start ticked: the best few, so a long list is not sent whole by default. */
export const PRESELECTED_HITS = 3;

/**
 * The paths kept from /buscar's hits: the top PRESELECTED_HITS unless the user
 * changed them (`choices`: path → ticked), and any other hit the user ticked.
 */
export function keptPaths(
  hits: readonly { path: string }[],
  choices: ReadonlyMap<string, boolean>,
): string[] {
  return hits.filter((h, i) => choices.get(h.path) ?? i < PRESELECTED_HITS).map((h) => h.path);
}
