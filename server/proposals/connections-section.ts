import { foldText } from '../../common/fold-text.ts';
import { noteKey, parseWikilinks } from '../../common/wikilinks.ts';

/** The heading a note's approved links go under (found whatever its level, case or accents). */
export const CONNECTIONS_HEADING = 'Conexiones';

const HEADING_RE = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;

/**
 * `text` with a `- [[link]]` line under its «Conexiones» heading: after the section's last
 * line, or in a new `## Conexiones` section at the end when there is none. Null when the
 * section already links to that note (in any form: alias, section, other case), so the
 * user is never asked to add a duplicate.
 */
export function withConnection(text: string, link: string): string | null {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => isConnectionsHeading(l));
  const item = `- [[${link}]]`;
  if (at === -1) {
    const body = text.replace(/\s+$/, '');
    return `${body}${body === '' ? '' : '\n\n'}## ${CONNECTIONS_HEADING}\n\n${item}\n`;
  }
  const level = headingLevel(lines[at] ?? '');
  let end = lines.length;
  for (let i = at + 1; i < lines.length; i++) {
    const l = headingLevel(lines[i] ?? '');
    if (l > 0 && l <= level) {
      end = i;
      break;
    }
  }
  const key = noteKey(link);
  const section = lines.slice(at + 1, end).join('\n');
  if (parseWikilinks(section).some((w) => noteKey(w.target) === key)) return null;
  let last = end - 1;
  while (last > at && (lines[last] ?? '').trim() === '') last--;
  const insert = last === at ? ['', item] : [item];
  const out = [...lines.slice(0, last + 1), ...insert, ...lines.slice(last + 1)];
  const joined = out.join('\n');
  return joined.endsWith('\n') ? joined : `${joined}\n`;
}

function headingLevel(line: string): number {
  return HEADING_RE.exec(line)?.[1]?.length ?? 0;
}

function isConnectionsHeading(line: string): boolean {
  const m = HEADING_RE.exec(line);
  return m !== null && foldText(m[2] ?? '') === foldText(CONNECTIONS_HEADING);
}
