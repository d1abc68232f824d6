import type { ChatRequest, ChatTurn } from '../../common/chat-schemas.ts';
import type { Harness } from '../../harness/schema.ts';
import type { RankedListing } from './note-listing.ts';

/** A text read from the vault for this turn, with the path the model should cite. */
export interface ContextNote {
  path: string;
  text: string;
}

/** Chosen context once the server has read it (see resolve-context.ts). */
export type ResolvedAttachment =
  | { kind: 'note'; path: string; text: string }
  | { kind: 'paste'; text: string }
  | { kind: 'file'; name: string; text: string }
  | { kind: 'url'; url: string; title: string; text: string }
  | { kind: 'web'; question: string; text: string; sources: { title: string; url: string }[] }
  | { kind: 'search'; query: string; notes: ContextNote[] };

/** What one turn is assembled from: the harness, what the user chose and the history. */
export interface TurnInput {
  harness: Harness;
  /** A profile id that exists in the harness (resolve-context checked it). */
  profile: string;
  /** Overrides harness.userContext; blank means none. */
  userContext?: string;
  project: { name: string; notes: ContextNote[] } | null;
  recall: ContextNote | null;
  history: ChatTurn[];
  message: string;
  /** `summary` and `closing` send the harness's prompt instead of the message. */
  mode: ChatRequest['mode'];
  attachments: ResolvedAttachment[];
  /**
   * Names of the notes that exist, so the model proposes real links, the ones that matter
   * to this turn first (note-listing.ts); cut at attachmentChars, the rest counted.
   */
  vaultListing?: RankedListing | null;
}
