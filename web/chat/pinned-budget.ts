import type { SentPart } from '../../common/chat-schemas.ts';
import { estimateTokens } from '../../common/estimate-tokens.ts';
import type { Chip, TurnRecord } from '../db/records.ts';

/** The parts of the latest answer that says what it sent, or [] before any. */
export function lastParts(turns: readonly TurnRecord[]): SentPart[] {
  for (let i = turns.length - 1; i >= 0; i--) {
    const parts = turns[i]?.meta?.parts;
    if (parts) return parts;
  }
  return [];
}

/**
 * Characters a chip adds to a request: its own text when the browser holds it, else what
 * the last request measured for the same source (a note, a closing); null when unknown yet.
 */
export function chipChars(
  chip: Chip,
  parts: readonly SentPart[],
  sizeOf: (path: string) => number | null = () => null,
): number | null {
  const measured = (part: SentPart['part'], label: string) =>
    parts.find((p) => p.part === part && p.label === label)?.chars ?? null;
  switch (chip.kind) {
    case 'paste':
    case 'file':
    case 'url':
    case 'web':
      return chip.text.length;
    case 'note':
      return measured('attachment', chip.path) ?? sizeOf(chip.path);
    case 'search':
      return measured('attachment', chip.query);
    case 'recall':
      return measured('recall', chip.path);
  }
}

/** The project's characters as last sent, or null. */
export function projectChars(name: string, parts: readonly SentPart[]): number | null {
  return parts.find((p) => p.part === 'project' && p.label === name)?.chars ?? null;
}

/** Estimated tokens of everything pinned (the project counts: it goes with every turn). */
export function pinnedTokens(
  chips: readonly Chip[],
  project: string | null,
  parts: readonly SentPart[],
  sizeOf?: (path: string) => number | null,
): number {
  const chars = chips
    .filter((c) => c.pinned)
    .reduce(
      (n, c) => n + (chipChars(c, parts, sizeOf) ?? 0),
      project ? (projectChars(project, parts) ?? 0) : 0,
    );
  return estimateTokens(chars);
}
