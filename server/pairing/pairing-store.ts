import { createHash, randomBytes } from 'node:crypto';

/** How long a pairing code (the QR) can be claimed. */
export const CODE_TTL_MS = 2 * 60 * 1000;
/** How long a claimed pairing waits for the laptop's answer and the phone's pickup. */
export const DECISION_TTL_MS = 5 * 60 * 1000;

export type PairingStatus = 'open' | 'pending' | 'approved' | 'rejected' | 'expired' | 'done';

/** A pairing as the laptop sees it (never the code nor the claim secret). */
export interface PairingView {
  id: string;
  status: PairingStatus;
  /** The name the phone gave, once claimed. */
  name: string | null;
  expiresAt: number;
}

interface Pairing {
  id: string;
  status: PairingStatus;
  name: string | null;
  codeExpiresAt: number;
  decisionExpiresAt: number;
  /** SHA-256 of the phone's claim secret, once claimed. */
  claimHash: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Pairings in memory (a restart forgets them, which only means scanning again). The
 * laptop creates one and gets a one-time code for the QR; the phone claims it with
 * the code and a name and gets a claim secret; the laptop approves or rejects; the
 * phone collects the result once with its secret. Codes and secrets are kept as
 * SHA-256 digests and looked up by digest, so no comparison leaks timing.
 */
export class PairingStore {
  readonly #clock: () => number;
  readonly #byId = new Map<string, Pairing>();
  readonly #byCode = new Map<string, Pairing>();
  readonly #byClaim = new Map<string, Pairing>();

  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
  }

  /** A new pairing and its one-time code (24 base64url characters, 144 random bits). */
  create(): { id: string; code: string; expiresAt: number } {
    this.#sweep();
    const code = randomBytes(18).toString('base64url');
    const now = this.#clock();
    const pairing: Pairing = {
      id: randomBytes(8).toString('hex'),
      status: 'open',
      name: null,
      codeExpiresAt: now + CODE_TTL_MS,
      decisionExpiresAt: now + CODE_TTL_MS + DECISION_TTL_MS,
      claimHash: null,
    };
    this.#byId.set(pairing.id, pairing);
    this.#byCode.set(sha256(code), pairing);
    return { id: pairing.id, code, expiresAt: pairing.codeExpiresAt };
  }

  /** Claims a code for a device named `name`; null when the code is wrong, used or expired. */
  claim(code: string, name: string): { claim: string } | null {
    const pairing = this.#byCode.get(sha256(code));
    if (!pairing) return null;
    // Single use, even when the claim then fails: a seen code is burnt.
    this.#byCode.delete(sha256(code));
    const now = this.#clock();
    if (pairing.status !== 'open' || now >= pairing.codeExpiresAt) {
      this.#expire(pairing);
      return null;
    }
    const claim = randomBytes(24).toString('base64url');
    pairing.status = 'pending';
    pairing.name = name;
    pairing.claimHash = sha256(claim);
    pairing.decisionExpiresAt = now + DECISION_TTL_MS;
    this.#byClaim.set(pairing.claimHash, pairing);
    return { claim };
  }

  /** The laptop's view of a pairing, or null when there is none with that id. */
  view(id: string): PairingView | null {
    const p = this.#byId.get(id);
    if (!p) return null;
    this.#refresh(p);
    const expiresAt = p.status === 'open' ? p.codeExpiresAt : p.decisionExpiresAt;
    return { id: p.id, status: p.status, name: p.name, expiresAt };
  }

  /** Approves or rejects a pending pairing; false when it is not pending (any more). */
  decide(id: string, approve: boolean): boolean {
    const p = this.#byId.get(id);
    if (!p) return false;
    this.#refresh(p);
    if (p.status !== 'pending') return false;
    p.status = approve ? 'approved' : 'rejected';
    return true;
  }

  /**
   * What the phone learns with its claim secret. `approved` is answered exactly once
   * (the caller then creates the session); afterwards the pairing is `done`.
   */
  collect(claim: string): { status: PairingStatus; name: string | null } | null {
    const p = this.#byClaim.get(sha256(claim));
    if (!p) return null;
    this.#refresh(p);
    const answer = { status: p.status, name: p.name };
    if (p.status === 'approved') p.status = 'done';
    if (p.status !== 'pending') this.#byClaim.delete(sha256(claim));
    return answer;
  }

  #refresh(p: Pairing): void {
    const now = this.#clock();
    if (p.status === 'open' && now >= p.codeExpiresAt) this.#expire(p);
    if ((p.status === 'pending' || p.status === 'approved') && now >= p.decisionExpiresAt) {
      this.#expire(p);
    }
  }

  #expire(p: Pairing): void {
    if (p.status === 'open' || p.status === 'pending' || p.status === 'approved') {
      p.status = 'expired';
    }
  }

  /** Forgets pairings long past any use, so memory stays bounded. */
  #sweep(): void {
    const now = this.#clock();
    for (const [id, p] of this.#byId) {
      if (now < p.decisionExpiresAt + DECISION_TTL_MS) continue;
      this.#byId.delete(id);
      if (p.claimHash) this.#byClaim.delete(p.claimHash);
      for (const [code, q] of this.#byCode) if (q === p) this.#byCode.delete(code);
    }
  }
}
