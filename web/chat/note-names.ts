import { foldText } from '../../common/fold-text.ts';
import { LinkIndex, noteName } from '../../common/wikilinks.ts';

/** Note paths whose name or path contains `fragment`, names that start with it first. */
export function noteSuggestions(fragment: string, paths: readonly string[], limit = 8): string[] {
  const f = foldText(fragment.replace(/^["“«]/, '').trim());
  if (f === '') return [];
  const scored: Array<[number, string]> = [];
  for (const path of paths) {
    const name = foldText(noteName(path));
    const score = name.startsWith(f)
      ? 0
      : name.includes(f)
        ? 1
        : foldText(path).includes(f)
          ? 2
          : -1;
    if (score >= 0) scored.push([score, path]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].length - b[1].length || (a[1] < b[1] ? -1 : 1));
  return scored.slice(0, limit).map(([, path]) => path);
}

/** Names of notes that look like `name`, for an "unknown note" message. */
export function closeNoteNames(name: string, paths: readonly string[], limit = 5): string[] {
  const f = foldText(name);
  const head = f.slice(0, 3);
  const names = new Set<string>();
  for (const path of noteSuggestions(name, paths, limit)) names.add(noteName(path));
  for (const path of paths) {
    if (names.size >= limit) break;
    const n = foldText(noteName(path));
    if (head.length === 3 && (n.startsWith(head) || f.includes(n))) names.add(noteName(path));
  }
  return [...names].slice(0, limit);
}

export interface ResolvedNotes {
  paths: string[];
  unknown: Array<{ name: string; close: string[] }>;
}

/** Resolves /unir's names as wikilinks do (by name, shortest path first, or by path). */
export function resolveNoteNames(
  names: readonly string[],
  paths: readonly string[],
): ResolvedNotes {
  const index = new LinkIndex(paths);
  const out: ResolvedNotes = { paths: [], unknown: [] };
  for (const name of names) {
    const path = index.resolve(name);
    if (path) {
      if (!out.paths.includes(path)) out.paths.push(path);
    } else out.unknown.push({ name, close: closeNoteNames(name, paths) });
  }
  return out;
}

const UNIR = /^(?:\/|--)(?:unir|uni|attach)\s+/i;

/** The note name being typed after `/unir` (after the last comma), and where it starts. */
export function unirFragment(text: string): { fragment: string; start: number } | null {
  const m = UNIR.exec(text);
  if (!m) return null;
  const start = Math.max(m[0].length, text.lastIndexOf(',') + 1);
  return { fragment: text.slice(start).trim(), start };
}

/** The composer text with the fragment being typed replaced by `path`, ready for the next name. */
export function completeUnir(text: string, path: string): string {
  const at = unirFragment(text);
  if (!at) return text;
  const gap = text.slice(0, at.start).endsWith(',') ? ' ' : '';
  return `${text.slice(0, at.start)}${gap}"${path}", `;
}
