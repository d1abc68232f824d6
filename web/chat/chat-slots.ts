import type { Component } from 'solid-js';
import type { Chip } from '../db/records.ts';

/** A page or a web answer among the chips. */
export type ExternalChipRecord = Extract<Chip, { kind: 'url' | 'web' }>;

/**
 * What other features draw inside the chat view. The app fills these in, so the chat
 * imports none of those features.
 */
export interface ChatSlots {
  /**
   * Drawn under every answer (its proposals), and once with `turnId` '' before the first
   * turn (the proposals made before any answer); draws nothing when it has nothing for it.
   */
  answerExtras: Component<{ turnId: string }>;
  /** A page or a web answer waiting to be sent, to preview, trim or remove. */
  externalChip: Component<{ chip: ExternalChipRecord }>;
}
