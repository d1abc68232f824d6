import type {
  ProposalKind,
  ProposalLink,
  ProposalMode,
  ProposalPreview,
} from '../../common/proposal-schemas.ts';

/**
 * How long a proposal can be confirmed: enough to read a diff and decide, short enough
 * that a leaked signature is soon worthless.
 */
export const PROPOSAL_TTL_MS = 10 * 60_000;
/** How long a spent, rejected or expired proposal is still known, so confirm can say why it fails. */
const RETAIN_AFTER_EXPIRY_MS = PROPOSAL_TTL_MS;
/** Proposals one session may hold at once; the oldest go first (a runaway client cannot fill memory). */
export const MAX_PROPOSALS_PER_SESSION = 200;
/** Rejected links one session remembers; the oldest are forgotten first. */
const MAX_REJECTED_PER_SESSION = 2_000;

/** A proposal as the server keeps it: the content here is what confirm writes. */
export interface StoredProposal {
  id: string;
  kind: ProposalKind;
  sessionId: string;
  path: string;
  mode: ProposalMode;
  content: string;
  /** The exact bytes to write when they may not be UTF-8 (a restored version); else `content`. */
  bytes?: Buffer;
  contentHash: string;
  baseHash: string | null;
  expiresAt: number;
  preview: ProposalPreview;
  link?: ProposalLink;
  /** For a synapse: the key that remembers its rejection (noteKey of the target). */
  linkKey?: string;
  state: 'pending' | 'spent' | 'rejected';
}

/**
 * Proposals in memory only: a restart forgets them all, so old ones are refused.
 * Single use is enforced by {@link spend}, which is synchronous: of two concurrent
 * confirms, exactly one gets `true`, before either reaches an `await`.
 */
export class ProposalStore {
  readonly #clock: () => number;
  readonly #byId = new Map<string, StoredProposal>();
  /** sessionId → rejected link keys, in insertion order. */
  readonly #rejected = new Map<string, Set<string>>();

  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
  }

  add(p: StoredProposal): void {
    this.purge();
    const mine = [...this.#byId.values()].filter(
      (x) => x.sessionId === p.sessionId && x.state === 'pending',
    );
    // Map order is insertion order: the first ones are the oldest.
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_PROPOSALS_PER_SESSION + 1))) {
      this.#byId.delete(old.id);
    }
    this.#byId.set(p.id, p);
  }

  get(id: string): StoredProposal | undefined {
    this.purge();
    return this.#byId.get(id);
  }

  /** Marks a pending proposal spent; false when it was already spent or rejected. */
  spend(p: StoredProposal): boolean {
    if (p.state !== 'pending') return false;
    p.state = 'spent';
    return true;
  }

  /** Makes a spent proposal pending again: only when nothing was written for it. */
  giveBack(p: StoredProposal): void {
    if (p.state === 'spent') p.state = 'pending';
  }

  /** Lets go of the content of a spent proposal once it is written (its hash stays). */
  release(p: StoredProposal): void {
    p.content = '';
    delete p.bytes;
    p.preview = { type: 'full', text: '' };
  }

  /** Marks a proposal rejected; a synapse's link is not proposed again in that session. */
  reject(p: StoredProposal): void {
    if (p.state === 'pending') p.state = 'rejected';
    this.release(p);
    if (p.linkKey === undefined) return;
    let set = this.#rejected.get(p.sessionId);
    if (!set) {
      set = new Set();
      this.#rejected.set(p.sessionId, set);
    }
    set.add(p.linkKey);
    if (set.size > MAX_REJECTED_PER_SESSION) set.delete(set.values().next().value as string);
  }

  isRejected(sessionId: string, linkKey: string): boolean {
    return this.#rejected.get(sessionId)?.has(linkKey) ?? false;
  }

  /** Forgets proposals long past their expiry. */
  purge(): void {
    const cutoff = this.#clock() - RETAIN_AFTER_EXPIRY_MS;
    for (const [id, p] of this.#byId) if (p.expiresAt < cutoff) this.#byId.delete(id);
  }
}
