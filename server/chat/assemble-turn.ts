import {
  type ChatRequest,
  type ChatTurn,
  PART_SEPARATOR,
  type SentItem,
  type SentPart,
} from '../../common/chat-schemas.ts';
import type { TurnNotice } from '../../common/notice-schemas.ts';
import type { Harness } from '../../harness/schema.ts';
import type { RankedListing } from './note-listing.ts';
import {
  capListing,
  fenced,
  fitLevel,
  type PartDraft,
  type Piece,
  render,
  toParts,
} from './turn-blocks.ts';

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
 * Builds the messages of one turn in docs/DESIGN.md's order: one system message holding
 * [system prompt + rules + profile + synapse (+ note listing)] + [user context] + [project]
 * + [last closing], then the last N history turns, then the user message (or, for a summary
 * or a closing, the harness's instruction, shown as a part of its own) with the chosen
 * context. Every sentence comes from the harness; this adds only labels and delimiters. Budget (limits.contextChars) covers history and chosen context:
 * the oldest turns go first, then the largest blocks are cut, each cut marked and reported.
 */
export function assembleTurn(input: TurnInput): AssembledTurn {
  const { harness: h } = input;
  const { prompts, limits } = h;
  const profile = h.profiles[input.profile];
  if (!profile) throw new Error(`assembleTurn: unknown profile ${input.profile}`);
  const label = (kind: keyof typeof prompts.attachments.labels, source: string) =>
    prompts.attachments.labels[kind].replaceAll('{source}', source);

  const sent: SentItem[] = [];
  const pieces: Piece[] = [];
  const add = (item: Omit<SentItem, 'chars' | 'cutChars'>, blocks: [string, string][]) => {
    const s: SentItem = { ...item, chars: 0, cutChars: 0 };
    sent.push(s);
    return blocks.map(([l, text]) => {
      const kept = Math.min(text.length, limits.attachmentChars);
      const p: Piece = { sent: s, label: l, text, kept };
      pieces.push(p);
      return p;
    });
  };
  const projectPieces = input.project
    ? add(
        { kind: 'project', label: input.project.name },
        input.project.notes.map((n) => [label('note', n.path), n.text]),
      )
    : [];
  const recallPieces = input.recall
    ? add({ kind: 'recall', label: input.recall.path }, [
        [label('note', input.recall.path), input.recall.text],
      ])
    : [];
  const chosen = input.attachments.flatMap((a) => {
    if (a.kind === 'note')
      return add({ kind: 'note', label: a.path }, [[label('note', a.path), a.text]]);
    if (a.kind === 'paste')
      return add({ kind: 'paste', label: 'texto pegado' }, [[label('paste', ''), a.text]]);
    if (a.kind === 'file')
      return add({ kind: 'file', label: a.name }, [[label('file', a.name), a.text]]);
    if (a.kind === 'url')
      return add({ kind: 'url', label: a.url }, [[label('url', a.url), a.text]]);
    if (a.kind === 'web') {
      const sources = a.sources.map((src) => `- ${src.title}: ${src.url}`).join('\n');
      const text = sources ? `${a.text}\n\n${sources}` : a.text;
      return add({ kind: 'web', label: a.question }, [[label('web', a.question), text]]);
    }
    const search = label('search', a.query);
    return add(
      { kind: 'search', label: a.query },
      a.notes.map((n) => [`${search} — ${label('note', n.path)}`, n.text]),
    );
  });

  // History: the last N messages, never starting with an answer whose question is gone.
  let history = dropLeadingAnswers(input.history.slice(-h.history.turns));
  const historyChars = () => history.reduce((n, t) => n + t.content.length, 0);
  const pieceChars = () => pieces.reduce((n, p) => n + p.kept, 0);
  const sentTurns = history.length;
  while (history.length > 0 && historyChars() + pieceChars() > limits.contextChars) {
    history = dropLeadingAnswers(history.slice(1));
  }
  const droppedTurns = sentTurns - history.length;
  const level = fitLevel(
    pieces.map((p) => p.kept),
    limits.contextChars - historyChars(),
  );
  for (const p of pieces) {
    p.kept = Math.min(p.kept, level);
    // Never split a surrogate pair: an emoji would become a broken character.
    if (p.kept < p.text.length && /[\uD800-\uDBFF]/.test(p.text[p.kept - 1] ?? '')) p.kept -= 1;
    p.sent.chars += p.kept;
    p.sent.cutChars += p.text.length - p.kept;
  }

  const notices: TurnNotice[] = [];
  if (droppedTurns > 0) notices.push({ code: 'turns_dropped', params: { count: droppedTurns } });
  for (const s of sent.filter((x) => x.cutChars > 0)) {
    const params = { kind: s.kind, label: s.label, sent: s.chars, total: s.chars + s.cutChars };
    notices.push({ code: 'attachment_cut', params });
  }
  const n = history.length;
  const historyLabel = `${n} ${n === 1 ? 'mensaje' : 'mensajes'}`;
  const chars = historyChars();
  if (n > 0) sent.push({ kind: 'history', label: historyLabel, count: n, chars, cutChars: 0 });

  const ranked = input.vaultListing?.names.length ? input.vaultListing : null;
  const listing = ranked ? capListing(ranked.names, limits.attachmentChars) : null;
  const linkedSent = Math.min(ranked?.linked ?? 0, listing?.count ?? 0);
  const matchedSent = Math.min(ranked?.matched ?? 0, (listing?.count ?? 0) - linkedSent);
  if (listing && listing.omitted > 0) {
    notices.push({ code: 'listing_cut', params: { omitted: listing.omitted } });
  }
  const userContext = (input.userContext ?? h.userContext).trim();
  const system: PartDraft[] = [
    { part: 'system', text: h.systemPrompt },
    { part: 'rules', text: h.rules.map((r) => `- ${r}`).join('\n'), count: h.rules.length },
    { part: 'profile', label: input.profile, text: profile.prompt },
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
        linked: linkedSent,
        matched: matchedSent,
        recent: listing.count - linkedSent - matchedSent,
        omitted: listing.omitted,
      },
    },
    { part: 'userContext', text: userContext },
    projectPieces.length > 0 && {
      part: 'project',
      label: input.project?.name,
      text: `${prompts.project}${PART_SEPARATOR}${projectPieces.map(render).join(PART_SEPARATOR)}`,
      count: projectPieces.length,
    },
    recallPieces.length > 0 && {
      part: 'recall',
      label: input.recall?.path,
      text: `${prompts.recall}${PART_SEPARATOR}${recallPieces.map(render).join(PART_SEPARATOR)}`,
    },
  ];
  const user: PartDraft[] = [
    input.mode === 'chat'
      ? { part: 'message', text: input.message.trim() }
      : { part: 'instruction', label: input.mode, text: prompts[input.mode] },
    chosen.length > 0 && { part: 'attachmentsIntro', text: prompts.attachments.prompt },
    ...sent
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
  const parts: SentPart[] = [
    ...toParts(system, 0, 'system'),
    ...history.map((t, i) => ({
      part: 'history' as const,
      message: i + 1,
      role: t.role,
      label: '',
      chars: t.content.length,
    })),
    ...toParts(user, history.length + 1, 'user'),
  ];
  const contentOf = (message: number) =>
    parts
      .filter((p) => p.message === message)
      .map((p) => p.text)
      .join(PART_SEPARATOR);
  const messages: ModelMessage[] = [
    { role: 'system', content: contentOf(0) },
    ...history.map((t) => ({ role: t.role, content: t.content })),
    { role: 'user', content: contentOf(history.length + 1) },
  ];
  // The model never needs the history and message texts twice: the client has them.
  for (const p of parts) if (p.part === 'history' || p.part === 'message') delete p.text;
  const promptChars = messages.reduce((n, m) => n + m.content.length, 0);
  return { messages, sent, parts, droppedTurns, notices, promptChars };
}

function dropLeadingAnswers(turns: ChatTurn[]): ChatTurn[] {
  const first = turns.findIndex((t) => t.role === 'user');
  return first === -1 ? [] : turns.slice(first);
}
