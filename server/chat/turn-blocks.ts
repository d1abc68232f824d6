import type { SentItem, SentPart } from '../../common/chat-schemas.ts';

/** The blocks a turn is made of and how they are cut, fenced and listed (see assemble-turn.ts). */

/** One block of chosen context; `kept` shrinks as limits apply. */
export interface Piece {
  sent: SentItem;
  label: string;
  text: string;
  kept: number;
}

/**
 * The largest size every block may keep so that all fit in `budget`: the largest blocks
 * are cut first, down to the size of the next, and so on (water-filling).
 */
export function fitLevel(sizes: number[], budget: number): number {
  const total = (cap: number) => sizes.reduce((n, s) => n + Math.min(s, cap), 0);
  let hi = Math.max(0, ...sizes);
  if (total(hi) <= budget) return hi;
  let lo = 0;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A labelled, fenced block; a cut shows how much is missing, so the model never mistakes it. */
export function render(p: Piece): string {
  const cut = p.text.length - p.kept;
  const text = cut > 0 ? `${p.text.slice(0, p.kept)}\n[… recortado: ${cut} caracteres]` : p.text;
  return `[${p.label}]\n${fenced(text)}`;
}

/** Wraps text in a `~` fence longer than any run inside it, so the text cannot close it. */
export function fenced(text: string): string {
  const longest = Math.max(0, ...(text.match(/~+/g) ?? []).map((r) => r.length));
  const fence = '~'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** Whole names, one a line, up to `max` characters. */
export function capListing(
  names: string[],
  max: number,
): { text: string; count: number; omitted: number } {
  let chars = 0;
  let kept = 0;
  for (const name of names) {
    chars += name.length + 1;
    if (chars > max) break;
    kept++;
  }
  return { text: names.slice(0, kept).join('\n'), count: kept, omitted: names.length - kept };
}

/** A part before it knows its message; `false`/`null` and empty texts are left out. */
export type PartDraft =
  | {
      part: SentPart['part'];
      text: string;
      label?: string | undefined;
      count?: number;
      listing?: SentPart['listing'];
    }
  | false
  | null;

export function toParts(drafts: PartDraft[], message: number, role: 'system' | 'user'): SentPart[] {
  return drafts
    .filter(
      (d): d is Exclude<PartDraft, false | null> => d !== false && d !== null && d.text !== '',
    )
    .map((d) => ({
      part: d.part,
      message,
      role,
      label: d.label ?? '',
      chars: d.text.length,
      ...(d.count === undefined ? {} : { count: d.count }),
      ...(d.listing === undefined ? {} : { listing: d.listing }),
      text: d.text,
    }));
}
