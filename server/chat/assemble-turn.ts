import {
  type ChatTurn,
  PART_SEPARATOR,
  type SentItem,
  type SentPart,
} from '../../common/chat-schemas.ts';
import type { TurnNotice } from '../../common/notice-schemas.ts';
import { capListing, fenced, type PartDraft, render, toParts } from './turn-blocks.ts';
import {
  cutNotices,
  fitToBudget,
  gatherBlocks,
  historySent,
  type TurnBlocks,
} from './turn-context.ts';
import type { TurnInput } from './turn-input.ts';

export type { ContextNote, ResolvedAttachment, TurnInput } from './turn-input.ts';

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AssembledTurn {
  messages: ModelMessage[];
  /** What was sent, for the UI; `chars` is what went, `cutChars` what did not. */
  sent: SentItem[];
  /** Every part of every message, in order; each message is its parts joined by PART_SEPARATOR. */
  parts: SentPart[];
  /** History messages left out to fit limits.contextChars. */
  droppedTurns: number;
  /** What was cut, as codes the UI words (web/i18n). */
  notices: TurnNotice[];
  promptChars: number;
}

/**
 * Builds the messages of one turn in docs/PRODUCT.md's order: one system message holding
 * [system prompt + rules + profile + synapse (+ note listing)] + [user context] + [project]
 * + [last closing], then the last N history turns, then the user message (or, for a summary
 * or a closing, the harness's instruction, shown as a part of its own) with the chosen
 * context. Every sentence comes from the harness; this adds only labels and delimiters. Budget (limits.contextChars) covers history and chosen context:
 * the oldest turns go first, then the largest blocks are cut, each cut marked and reported.
 */
export function assembleTurn(input: TurnInput): AssembledTurn {
  const profile = input.harness.profiles[input.profile];
  if (!profile) throw new Error(`assembleTurn: unknown profile ${input.profile}`);
  const blocks = gatherBlocks(input);
  const { history, droppedTurns } = fitToBudget(input, blocks.pieces);
  const notices = cutNotices(blocks.sent, droppedTurns);
  if (history.length > 0) blocks.sent.push(historySent(history));
  const listing = listNotes(input, notices);
  const parts: SentPart[] = [
    ...toParts(systemDrafts(input, profile.prompt, listing, blocks), 0, 'system'),
    ...historyParts(history),
    ...toParts(userDrafts(input, blocks), history.length + 1, 'user'),
  ];
  const messages = toMessages(parts, history);
  // The model never needs the history and message texts twice: the client has them.
  for (const p of parts) if (p.part === 'history' || p.part === 'message') delete p.text;
  const promptChars = messages.reduce((n, m) => n + m.content.length, 0);
  return { messages, sent: blocks.sent, parts, droppedTurns, notices, promptChars };
}

/** Step 4: the vault's note names, cut at attachmentChars (a cut adds a notice). */
function listNotes(input: TurnInput, notices: TurnNotice[]) {
  const ranked = input.vaultListing?.names.length ? input.vaultListing : null;
  if (!ranked) return null;
  const listing = capListing(ranked.names, input.harness.limits.attachmentChars);
  if (listing.omitted > 0) {
    notices.push({ code: 'listing_cut', params: { omitted: listing.omitted } });
  }
  const linked = Math.min(ranked.linked, listing.count);
  const matched = Math.min(ranked.matched, listing.count - linked);
  return { ...listing, linked, matched };
}

/** Step 5: the system message's parts, in DESIGN's order. */
function systemDrafts(
  input: TurnInput,
  profilePrompt: string,
  listing: ReturnType<typeof listNotes>,
  blocks: TurnBlocks,
): PartDraft[] {
  const { harness: h } = input;
  const { prompts } = h;
  return [
    { part: 'system', text: h.systemPrompt },
    { part: 'rules', text: h.rules.map((r) => `- ${r}`).join('\n'), count: h.rules.length },
    { part: 'profile', label: input.profile, text: profilePrompt },
    { part: 'synapse', text: prompts.synapse },
    listing && {
      part: 'noteList',
      text: [
        prompts.vaultListing,
        fenced(listing.text),
        ...(listing.omitted > 0
          ? [prompts.vaultListingMore.replaceAll('{count}', String(listing.omitted))]
          : []),
      ].join('\n'),
      count: listing.count,
      listing: {
        linked: listing.linked,
        matched: listing.matched,
        recent: listing.count - listing.linked - listing.matched,
        omitted: listing.omitted,
      },
    },
    { part: 'userContext', text: (input.userContext ?? h.userContext).trim() },
    blocks.project.length > 0 && {
      part: 'project',
      label: input.project?.name,
      text: `${prompts.project}${PART_SEPARATOR}${blocks.project.map(render).join(PART_SEPARATOR)}`,
      count: blocks.project.length,
    },
    blocks.recall.length > 0 && {
      part: 'recall',
      label: input.recall?.path,
      text: `${prompts.recall}${PART_SEPARATOR}${blocks.recall.map(render).join(PART_SEPARATOR)}`,
    },
  ];
}

/** Step 6: the user message's parts: the message (or instruction), then the chosen context. */
function userDrafts(input: TurnInput, blocks: TurnBlocks): PartDraft[] {
  const { prompts } = input.harness;
  const { chosen } = blocks;
  return [
    input.mode === 'chat'
      ? { part: 'message', text: input.message.trim() }
      : { part: 'instruction', label: input.mode, text: prompts[input.mode] },
    chosen.length > 0 && { part: 'attachmentsIntro', text: prompts.attachments.prompt },
    ...blocks.sent
      .filter((item) => chosen.some((p) => p.sent === item))
      .map((item) => ({
        part: 'attachment' as const,
        label: item.label,
        text: chosen
          .filter((p) => p.sent === item)
          .map(render)
          .join(PART_SEPARATOR),
      })),
  ];
}

/** The history's parts: one a message, its text left to the client. */
function historyParts(history: ChatTurn[]): SentPart[] {
  return history.map((t, i) => ({
    part: 'history' as const,
    message: i + 1,
    role: t.role,
    label: '',
    chars: t.content.length,
  }));
}

/** Step 7: the messages the model gets, each the parts of its message joined. */
function toMessages(parts: SentPart[], history: ChatTurn[]): ModelMessage[] {
  const contentOf = (message: number) =>
    parts
      .filter((p) => p.message === message)
      .map((p) => p.text)
      .join(PART_SEPARATOR);
  return [
    { role: 'system', content: contentOf(0) },
    ...history.map((t) => ({ role: t.role, content: t.content })),
    { role: 'user', content: contentOf(history.length + 1) },
  ];
}
