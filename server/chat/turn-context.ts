import type { ChatTurn, SentItem } from '../../common/chat-schemas.ts';
import type { TurnNotice } from '../../common/notice-schemas.ts';
import { fitLevel, type Piece } from './turn-blocks.ts';
import type { TurnInput } from './turn-input.ts';

// The first steps of assembleTurn: the context blocks gathered, then fitted to the budget.

/** Every block of context the turn may carry, each already capped at attachmentChars. */
export interface TurnBlocks {
  sent: SentItem[];
  pieces: Piece[];
  project: Piece[];
  recall: Piece[];
  chosen: Piece[];
}

/** Step 1: the project's notes, the recalled closing and the chosen context, as pieces. */
export function gatherBlocks(input: TurnInput): TurnBlocks {
  const { prompts, limits } = input.harness;
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
  const project = input.project
    ? add(
        { kind: 'project', label: input.project.name },
        input.project.notes.map((n) => [label('note', n.path), n.text]),
      )
    : [];
  const recall = input.recall
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
  return { sent, pieces, project, recall, chosen };
}

/**
 * Step 2: the budget. The last N history messages, never starting with an answer whose
 * question is gone; the oldest leave first, then the largest pieces are cut (in place).
 */
export function fitToBudget(
  input: TurnInput,
  pieces: Piece[],
): { history: ChatTurn[]; droppedTurns: number } {
  const { limits } = input.harness;
  let history = dropLeadingAnswers(input.history.slice(-input.harness.history.turns));
  const historyChars = () => history.reduce((n, t) => n + t.content.length, 0);
  const pieceChars = () => pieces.reduce((n, p) => n + p.kept, 0);
  const sentTurns = history.length;
  while (history.length > 0 && historyChars() + pieceChars() > limits.contextChars) {
    history = dropLeadingAnswers(history.slice(1));
  }
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
  return { history, droppedTurns: sentTurns - history.length };
}

/** Step 3: what was left out or cut, as codes the UI words. */
export function cutNotices(sent: SentItem[], droppedTurns: number): TurnNotice[] {
  const notices: TurnNotice[] = [];
  if (droppedTurns > 0) notices.push({ code: 'turns_dropped', params: { count: droppedTurns } });
  for (const s of sent.filter((x) => x.cutChars > 0)) {
    const params = { kind: s.kind, label: s.label, sent: s.chars, total: s.chars + s.cutChars };
    notices.push({ code: 'attachment_cut', params });
  }
  return notices;
}

/** The history as one item of what was sent. */
export function historySent(history: ChatTurn[]): SentItem {
  const n = history.length;
  const chars = history.reduce((c, t) => c + t.content.length, 0);
  const label = `${n} ${n === 1 ? 'mensaje' : 'mensajes'}`;
  return { kind: 'history', label, count: n, chars, cutChars: 0 };
}

function dropLeadingAnswers(turns: ChatTurn[]): ChatTurn[] {
  const first = turns.findIndex((t) => t.role === 'user');
  return first === -1 ? [] : turns.slice(first);
}
