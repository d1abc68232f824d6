import type { TurnRecord } from '../db/records.ts';
import type { CommandOutcome } from './interpret-command.ts';

/** /extraer and /web: carried out by the web context. */
export type WebCommand = Extract<CommandOutcome, { kind: 'extract' | 'webSearch' }>;

/**
 * /guardar, /registrar, /anexar, /recuerda, and exporting the open conversation (from
 * the list): carried out by the proposals.
 */
export type ProposalCommand =
  | Extract<CommandOutcome, { kind: 'save' | 'write' | 'append' | 'remember' }>
  | { kind: 'export' };

/**
 * What the features built on the chat (proposals, web context) do at its moments. The
 * app wires them in, so the chat imports none of those features, and they change the
 * chat only through its actions.
 */
export interface ChatHooks {
  /**
   * A conversation is opening: loads what belongs to it and answers a setter, so that
   * it shows in one batch with the conversation's turns.
   */
  opening(conversationId: string): Promise<() => void>;
  /**
   * The history is being cleared: clears what belongs to it and answers a setter, as
   * `opening`. If it fails, the failure is reported and what it keeps stays on screen.
   */
  clearing(conversationId: string): Promise<() => void>;
  /** The chips that go with the conversation (pinned, memory) changed, and are saved. */
  chipsChanged(conversationId: string): void;
  /** An answer stopped streaming, however it ended. */
  answerFinished(turn: TurnRecord): void;
  webCommand(outcome: WebCommand): Promise<void>;
  proposalCommand(outcome: ProposalCommand): Promise<void>;
}
