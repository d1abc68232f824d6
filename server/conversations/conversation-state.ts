import { safeParse } from 'zod/v4/core';
import {
  type ConversationMetaPatch,
  ConversationMetaPatchSchema,
  type StoredTurn,
  type SyncChip,
  type SyncTurn,
  SyncTurnSchema,
} from '../../common/conversation-schemas.ts';

/**
 * A conversation's log records and the state they fold into. A `meta` record names what
 * changed (title, profile, project, chips); a `turn` record adds one turn with its place.
 * Records that do not parse (a later version's) are skipped, not fatal.
 */
export type LogRecord =
  | { k: 'meta'; at: number; createdAt?: number; meta: ConversationMetaPatch }
  | { k: 'turn'; at: number; seq: number; turn: SyncTurn };

/** One conversation as read from its log. */
export interface ConversationState {
  id: string;
  title: string;
  profile: string;
  project: string | null;
  chips: SyncChip[];
  createdAt: number;
  updatedAt: number;
  turns: StoredTurn[];
  /** Turn id → seq: what makes an append idempotent. */
  seqById: Map<string, number>;
  /** Bytes of whole records in the log. */
  bytes: number;
}

/** A conversation with no records yet. */
export function emptyState(
  id: string,
  createdAt: number,
  defaultProfile: string,
): ConversationState {
  return {
    id,
    title: '',
    profile: defaultProfile,
    project: null,
    chips: [],
    createdAt,
    updatedAt: createdAt,
    turns: [],
    seqById: new Map(),
    bytes: 0,
  };
}

/** Applies one record to the state (in place). */
export function applyRecord(state: ConversationState, record: LogRecord): void {
  state.updatedAt = Math.max(state.updatedAt, record.at);
  if (record.k === 'meta') {
    if (record.createdAt !== undefined) state.createdAt = record.createdAt;
    const { title, profile, project, chips } = record.meta;
    if (title !== undefined) state.title = title;
    if (profile !== undefined) state.profile = profile;
    if (project !== undefined) state.project = project;
    if (chips !== undefined) state.chips = chips;
    return;
  }
  if (state.seqById.has(record.turn.id)) return;
  state.turns.push({ ...record.turn, seq: record.seq });
  state.seqById.set(record.turn.id, record.seq);
}

/** Folds a log's records; those of an unknown shape are skipped. */
export function foldRecords(
  id: string,
  records: readonly unknown[],
  bytes: number,
  defaultProfile: string,
): ConversationState {
  const state = emptyState(id, 0, defaultProfile);
  for (const raw of records) {
    const record = parseRecord(raw);
    if (record) applyRecord(state, record);
  }
  if (state.createdAt === 0) state.createdAt = state.turns[0]?.createdAt ?? state.updatedAt;
  state.bytes = bytes;
  return state;
}

function parseRecord(raw: unknown): LogRecord | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.at !== 'number') return null;
  if (r.k === 'meta') {
    const meta = safeParse(ConversationMetaPatchSchema, r.meta);
    if (!meta.success) return null;
    return {
      k: 'meta',
      at: r.at,
      ...(typeof r.createdAt === 'number' ? { createdAt: r.createdAt } : {}),
      meta: meta.data,
    };
  }
  if (r.k === 'turn' && typeof r.seq === 'number') {
    const turn = safeParse(SyncTurnSchema, r.turn);
    return turn.success ? { k: 'turn', at: r.at, seq: r.seq, turn: turn.data } : null;
  }
  return null;
}
