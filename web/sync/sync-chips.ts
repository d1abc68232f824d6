import type { SyncChip } from '../../common/conversation-schemas.ts';
import type { Chip } from '../db/records.ts';

/**
 * Whether a chip belongs to the conversation rather than to one message: pinned chips and
 * memory chips go with it to the other devices.
 */
export function travelsWithConversation(chip: Chip): boolean {
  return chip.pinned === true || chip.kind === 'recall';
}

/** The chips of a draft that go with its conversation to the other devices, in order. */
export function travellingChips(chips: readonly Chip[]): SyncChip[] {
  return chips
    .filter(travelsWithConversation)
    .map((chip) => ({ id: chip.id, kind: chip.kind, body: { ...chip } }));
}

/** A key that changes whenever the travelling chips do (what was last agreed with the laptop). */
export function chipsKey(chips: readonly SyncChip[]): string {
  return JSON.stringify(chips);
}

/**
 * A draft's chips once the laptop's copy says which travel: those, as the other device
 * kept them, then this browser's own one-shot chips (a paste, a note for the next message).
 */
export function withSyncedChips(local: readonly Chip[], synced: readonly SyncChip[]): Chip[] {
  // The body is the chip as a browser of this app saved it; id and kind are the checked ones.
  const fromLaptop = synced.map((chip) => ({ ...chip.body, id: chip.id, kind: chip.kind }) as Chip);
  return [...fromLaptop, ...local.filter((chip) => !travelsWithConversation(chip))];
}
