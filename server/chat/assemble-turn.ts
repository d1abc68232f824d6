import type { ChatRequest, ChatTurn, SentItem } from '../../common/chat-schemas.ts';
import type { TurnNotice } from '../../common/notice-schemas.ts';
import type { Harness } from '../../harness/schema.ts';

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
  /** Names of the notes that exist, so the model proposes real links; capped at attachmentChars. */
  vaultListing?: string[] | null;
}

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AssembledTurn {
  messages: ModelMessage[];
  /** What was sent, for the UI; `chars` is what went, `cutChars` what did not. */
  sent: SentItem[];
  /** History messages left out to fit limits.contextChars. */
  droppedTurns: number;
  /** What was cut, as codes the UI words (web/i18n). */
  notices: TurnNotice[];
  promptChars: number;
}

/** One block of chosen context; `kept` shrinks as limits apply. */
interface Piece {
  sent: SentItem;
  label: string;
  text: string;
  kept: number;
}

/**
 * Builds the messages of one turn in DESIGN.md's order: one system message holding
 * [system prompt + rules + profile + synapse (+ note listing)] + [user context] + [project]
 * + [last closing], then the last N history turns, then the user message (or the summary
 * prompt) with the chosen context. Every sentence comes from the harness; this adds only
 * labels and delimiters. Budget (limits.contextChars) covers history and chosen context:
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
  const turnsLabel = `${n} ${n === 1 ? 'turno' : 'turnos'}`;
  const chars = historyChars();
  if (n > 0) sent.push({ kind: 'history', label: turnsLabel, count: n, chars, cutChars: 0 });

  const listing = input.vaultListing?.length
    ? capListing(input.vaultListing, limits.attachmentChars)
    : null;
  if (listing && listing.omitted > 0) {
    notices.push({ code: 'listing_cut', params: { omitted: listing.omitted } });
  }
  const userContext = (input.userContext ?? h.userContext).trim();
  const system = [
    h.systemPrompt,
    h.rules.map((r) => `- ${r}`).join('\n'),
    profile.prompt,
    prompts.synapse,
    listing && `${prompts.vaultListing}\n${fenced(listing.text)}`,
    userContext,
    projectPieces.length > 0 && `${prompts.project}\n\n${projectPieces.map(render).join('\n\n')}`,
    recallPieces.length > 0 && `${prompts.recall}\n\n${recallPieces.map(render).join('\n\n')}`,
  ];
  const user = [
    input.mode === 'chat' ? input.message.trim() : prompts[input.mode],
    chosen.length > 0 && `${prompts.attachments.prompt}\n\n${chosen.map(render).join('\n\n')}`,
  ];
  const messages: ModelMessage[] = [
    { role: 'system', content: joinParts(system) },
    ...history.map((t) => ({ role: t.role, content: t.content })),
    { role: 'user', content: joinParts(user) },
  ];
  const promptChars = messages.reduce((n, m) => n + m.content.length, 0);
  return { messages, sent, droppedTurns, notices, promptChars };
}

function joinParts(parts: (string | false | null)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n');
}

function dropLeadingAnswers(turns: ChatTurn[]): ChatTurn[] {
  const first = turns.findIndex((t) => t.role === 'user');
  return first === -1 ? [] : turns.slice(first);
}

/**
 * The largest size every block may keep so that all fit in `budget`: the largest blocks
 * are cut first, down to the size of the next, and so on (water-filling).
 */
function fitLevel(sizes: number[], budget: number): number {
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
function render(p: Piece): string {
  const cut = p.text.length - p.kept;
  const text = cut > 0 ? `${p.text.slice(0, p.kept)}\n[… recortado: ${cut} caracteres]` : p.text;
  return `[${p.label}]\n${fenced(text)}`;
}

/** Wraps text in a `~` fence longer than any run inside it, so the text cannot close it. */
function fenced(text: string): string {
  const longest = Math.max(0, ...(text.match(/~+/g) ?? []).map((r) => r.length));
  const fence = '~'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** Whole names, one a line, up to `max` characters. */
function capListing(names: string[], max: number): { text: string; omitted: number } {
  let chars = 0;
  let kept = 0;
  for (const name of names) {
    chars += name.length + 1;
    if (chars > max) break;
    kept++;
  }
  return { text: names.slice(0, kept).join('\n'), omitted: names.length - kept };
}
