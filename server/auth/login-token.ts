import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Options of {@link LoginTokens}. */
export interface LoginTokenOptions {
  /** How long an issued link stays valid; unlimited when omitted (it is single-use anyway). */
  ttlMs?: number;
  clock?: () => number;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The secret of the one-time start-up link (`/login#token=…`). There is at most one
 * live token; only its digest is kept. Never log a token: whoever reads it owns the vault.
 */
export class LoginTokens {
  readonly #ttlMs: number | undefined;
  readonly #clock: () => number;
  #current: { digest: Buffer; expiresAt: number } | null = null;

  constructor(opts: LoginTokenOptions = {}) {
    this.#ttlMs = opts.ttlMs;
    this.#clock = opts.clock ?? Date.now;
  }

  /** Mints a new 32-byte base64url token, replacing (and so invalidating) any previous one. */
  issue(): string {
    const token = randomBytes(32).toString('base64url');
    const ttl = this.#ttlMs ?? Number.POSITIVE_INFINITY;
    this.#current = { digest: digest(token), expiresAt: this.#clock() + ttl };
    return token;
  }

  /**
   * True, once, for the live unexpired token. Compared in constant time on SHA-256
   * digests, which also makes the lengths equal. A wrong guess leaves the live token
   * alone (the rate limiter bounds guessing), so an attacker cannot burn the link.
   */
  consume(token: string): boolean {
    const current = this.#current;
    if (!current) return false;
    if (this.#clock() >= current.expiresAt) {
      this.#current = null;
      return false;
    }
    if (!timingSafeEqual(digest(token), current.digest)) return false;
    this.#current = null;
    return true;
  }
}
