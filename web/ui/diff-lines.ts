/** One line of a unified diff, classified for display. */
export interface DiffLine {
  kind: 'meta' | 'hunk' | 'add' | 'del' | 'same';
  text: string;
}

/**
 * Classifies the lines of a unified diff (pure). Header lines (`Index:`, `===`,
 * `---`, `+++`) count as meta only before the first hunk: inside a hunk, `---` is
 * a removed line that starts with `--`.
 */
export function diffLines(unified: string): DiffLine[] {
  const out: DiffLine[] = [];
  let inHunk = false;
  for (const text of unified.replace(/\n$/, '').split('\n')) {
    if (text.startsWith('@@')) {
      inHunk = true;
      out.push({ kind: 'hunk', text });
    } else if (!inHunk || text.startsWith('\\')) out.push({ kind: 'meta', text });
    else if (text.startsWith('+')) out.push({ kind: 'add', text });
    else if (text.startsWith('-')) out.push({ kind: 'del', text });
    else out.push({ kind: 'same', text });
  }
  return out;
}
