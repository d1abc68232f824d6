/** The keys of a proposal card, as the seed's `[S/n]` prompt: S (or Y) and Enter say yes, N says no. */
export function keyDecision(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
}): 'yes' | 'no' | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return null;
  const key = event.key.toLowerCase();
  if (key === 's' || key === 'y' || key === 'enter') return 'yes';
  if (key === 'n') return 'no';
  return null;
}

/**
 * What a key decision does on a card: S approves, N rejects. Overwriting an existing file
 * takes its button (an explicit choice), and a blocked approval (a closing edited but not
 * yet proposed again) waits: S does nothing there rather than approve the old text.
 */
export function keyChoice(
  decision: 'yes' | 'no',
  card: { overwrite: boolean; blocked: boolean },
): 'approve' | 'reject' | null {
  if (decision === 'no') return 'reject';
  return card.overwrite || card.blocked ? null : 'approve';
}

/** Where the keyboard is when new proposals arrive. */
export interface FocusSituation {
  /** `composer` when the chat box has focus, `none` when nothing does (the page body). */
  active: 'composer' | 'none' | 'other';
  composerText: string;
}

/**
 * Whether the first new proposal may take the focus: only when the person is not
 * typing (the chat box is empty) and is not working elsewhere on the page.
 */
export function shouldTakeFocus(s: FocusSituation): boolean {
  if (s.active === 'other') return false;
  return s.composerText.trim() === '';
}
