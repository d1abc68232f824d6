import type { SentItem, SentPart } from '../../common/chat-schemas.ts';
import type {
  LinkFailed,
  LinkFailure,
  NoticeParams,
  TurnNotice,
} from '../../common/notice-schemas.ts';
import type { ClosingBody, Proposal, SaveBody } from '../../common/proposal-schemas.ts';
import type { Source } from '../../common/web-schemas.ts';

/**
 * The shapes kept in IndexedDB. They are the app's own records (not API
 * answers), so they are plain types; a change to one needs a migration in
 * `database.ts` when old records would no longer fit.
 */

export interface ConversationRecord {
  id: string;
  /** The first words of the first message; '' until there is one. */
  title: string;
  createdAt: number;
  updatedAt: number;
  /** Harness profile id; switched with /modo. */
  profile: string;
  /** Project in 03_Proyectos/ sent with every turn, or null. */
  project: string | null;
  /** True once /recordar was used in this conversation (the chip itself is one-shot). */
  recall: boolean;
  /** The laptop's copy: the last turn's seq this browser has (absent: never synced). */
  serverCursor?: number;
  /** `updatedAt` when the title, profile and project last matched the laptop's copy. */
  syncedAt?: number;
  /** The pinned and memory chips last agreed with the laptop's copy (`chipsKey`). */
  chipsSynced?: string;
}

export type TurnStatus = 'streaming' | 'complete' | 'cut' | 'error' | 'stopped';

export interface FallbackRecord {
  from: { provider: string; model: string };
  to: { provider: string; model: string };
  reason: string;
  /** Absent in answers saved before failures were sent as codes. */
  failure?: LinkFailure;
  message: string;
}

/** What an answer was built from and who answered, shown under it. */
export interface TurnMeta {
  sent: SentItem[];
  /** Every part of the request with its exact size (absent in answers saved before it). */
  parts?: SentPart[];
  /** Characters of the whole request and the window they went into (absent likewise). */
  promptChars?: number;
  contextTokens?: number;
  /** A plain string in answers saved before notices were sent as codes (shown as saved). */
  notices: (TurnNotice | string)[];
  droppedTurns: number;
  provider: string;
  model: string;
  fallbacks: FallbackRecord[];
  ttftMs: number | null;
  totalMs: number | null;
  usage: { promptTokens: number; completionTokens: number } | null;
}

export interface TurnRecord {
  id: string;
  conversationId: string;
  /** Position in the conversation, from 0; the index keeps turns in order (a turn pulled late may sit between two, at a fraction). */
  index: number;
  role: 'user' | 'assistant';
  content: string;
  status: TurnStatus;
  /** `failures`: the chain's links that failed and why (all_failed, a cut answer). */
  error?: { code: string; message: string; failures?: LinkFailed[] };
  meta?: TurnMeta;
  /** `summary` (/resumir) and `closing` (/cerrar) answers are kept out of the history sent later. */
  mode?: 'chat' | 'summary' | 'closing';
  /** Short labels of what a user turn attached (shown under the message). */
  attached?: string[];
  createdAt: number;
  /** True once the laptop's copy has this turn (absent in turns saved before sync). */
  synced?: boolean;
}

/** Something the user attached for the next turn, shown as a removable chip. */
export type Chip = ChipBody & {
  /**
   * Pinned: stays after sending and goes with every turn until unpinned. Optional, so drafts
   * saved before pins existed read as unpinned without a migration.
   */
  pinned?: boolean;
};

type ChipBody =
  | { id: string; kind: 'note'; path: string }
  | { id: string; kind: 'paste'; text: string }
  | { id: string; kind: 'file'; name: string; text: string }
  | { id: string; kind: 'search'; query: string; paths: string[] }
  | { id: string; kind: 'recall'; path: string }
  /** A page from /extraer; `text` is what the user kept of its Markdown (external text). */
  | {
      id: string;
      kind: 'url';
      url: string;
      title: string;
      site: string;
      text: string;
      cut: boolean;
    }
  /** A /web answer with its sources (external text), kept or dropped before sending. */
  | { id: string; kind: 'web'; question: string; text: string; sources: Source[] };

/** New values for some fields of one kind of chip (a trimmed page, a pin). */
export type ChipPatch = Chip extends infer C
  ? C extends Chip
    ? Partial<Omit<C, 'id' | 'kind'>>
    : never
  : never;

/** A chip before it has an id. */
export type ChipInput = Chip extends infer C ? (C extends Chip ? Omit<C, 'id'> : never) : never;

export interface DraftRecord {
  conversationId: string;
  text: string;
  chips: Chip[];
  updatedAt: number;
}

/** A note's content as last fetched, reused while its hash is unchanged (search). */
export interface CachedNoteRecord {
  path: string;
  hash: string;
  content: string;
}

export interface SettingRecord {
  key: string;
  value: string | null;
}

/** What made a proposal, so it can be asked for again (expired, file changed, closing edited). */
export type ProposalOrigin =
  | { route: 'synapses'; answer: string }
  | { route: 'save'; body: SaveBody }
  | { route: 'write'; path: string; content: string }
  | { route: 'closing'; body: ClosingBody }
  | { route: 'append'; path: string; content: string }
  | { route: 'remember'; text: string }
  | { route: 'connection'; note: string; link: string }
  /** A version from the write history back (`version` null: the file removed). */
  | { route: 'restore'; path: string; version: string | null };

/**
 * A write proposal as the UI keeps it: the server's signed proposal
 * and what the user did with it. `superseded` means a newer proposal replaced
 * it (proposed again, or a closing edited); it is no longer shown.
 */
export interface ProposalRecord {
  id: string;
  conversationId: string;
  /** The assistant turn the proposal belongs to. */
  turnId: string | null;
  proposal: Proposal;
  origin: ProposalOrigin;
  state: 'pending' | 'approved' | 'rejected' | 'expired' | 'changed' | 'failed' | 'superseded';
  /**
   * Why the last confirm failed: the error code, the server's message and params, worded
   * when shown (records saved before params held the words already).
   */
  error?: { code: string; message: string; params?: NoticeParams };
  /** `changed`: the diff from the file as it is now to the proposed content. */
  changedDiff?: string;
  /** `approved`: what the server wrote. */
  written?: { path: string; hash: string; bytes: number };
  /** `approved`: the file's hashes before and after, so the write can be undone. */
  undo?: { before: string | null; after: string | null };
  createdAt: number;
  updatedAt: number;
}

/** A saved search index: minisearch's JSON plus what it was built from. */
export interface SearchIndexRecord {
  key: string;
  /** Bumped when the analyzer or the indexed fields change: an old index is rebuilt. */
  analyzerVersion: number;
  /**
   * Layouts up to 3 (one gzip of everything): no longer read. A record that
   * has only this is rebuilt from the copy, and its next save drops it.
   */
  packed?: ArrayBuffer;
  /**
   * The copy's page keys when the index was saved (web/db/page-keys.ts), so a
   * reload's first question reads its hits' pages by key; stale ones cost time only.
   */
  pageKeys?: string[];
  /**
   * Path → hash of every indexed note (to update incrementally) and the
   * index itself, as web/search/index/packed-index.ts lays them out (layout 4).
   */
  parts?: { head: Blob; postings: Blob };
  updatedAt: number;
}

/**
 * One note's chunk vectors as the embeddings layer sent them: int8
 * components of every chunk back to back (`dimensions` each) and one scale per
 * chunk (component ≈ int8 × scale), never float JSON. `starts`/`ends` index the
 * note's body (front matter excluded), for the snippet of a note found by its vector.
 */
export interface VectorNoteRecord {
  path: string;
  /** The note's hash when it was embedded. */
  hash: string;
  data: Int8Array;
  scales: Float32Array;
  starts: Uint32Array;
  ends: Uint32Array;
}

/** Where the vector sync stands (one record, key `vectors`). */
export interface VectorSyncRecord {
  key: string;
  /** The server's generation the held vectors belong to ('' before the first sync). */
  generation: string;
  cursor: number;
  dimensions: number;
  /** The embedding model of the held vectors (absent in records kept before it was kept). */
  model?: string;
  /** The harness's fusion settings, kept so related notes rank offline too. */
  hybrid: { rrfK: number; vectorWeight: number; minSimilarity?: number } | null;
  updatedAt: number;
}
