import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Versions the signed tuple: a change of its fields or encoding needs a new tag. */
export const SIGNATURE_TAG = 'soma-proposal-v1';
/** Bytes of the HMAC key. */
const KEY_BYTES = 32;
const HEX_HASH = /^[0-9a-f]{64}$/;

/** The fields a signature binds together. Hashes are lower-case hex SHA-256. */
export interface SignedFields {
  id: string;
  sessionId: string;
  /** Canonical vault path; signed in NFC whatever form it arrives in. */
  path: string;
  contentHash: string;
  /** Hash of the file when proposed, or null when it did not exist (signed as `none`). */
  baseHash: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Signs and verifies proposals with HMAC-SHA256 under a key that lives only in this
 * object's memory: never persisted nor logged, so a restart invalidates every
 * proposal, as intended. The tuple is encoded as a JSON array, which is unambiguous
 * (no field can spill into the next).
 */
export class ProposalSigner {
  readonly #key: Buffer;

  /** `secret` (32 bytes) is for tests; by default a fresh random key. */
  constructor(secret?: Uint8Array) {
    if (secret !== undefined && secret.length !== KEY_BYTES) {
      throw new Error(`ProposalSigner: the secret must be ${KEY_BYTES} bytes`);
    }
    this.#key = secret ? Buffer.from(secret) : randomBytes(KEY_BYTES);
  }

  /** The signature of `f`, base64url. */
  sign(f: SignedFields): string {
    return this.#mac(f).toString('base64url');
  }

  /** True when `signature` was made by {@link sign} over exactly these fields (constant time). */
  verify(f: SignedFields, signature: string): boolean {
    // Compared as text, not decoded: base64url decoding skips stray characters.
    const expected = Buffer.from(this.sign(f), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    // The length is not secret (always 43 characters); the contents must not leak timing.
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #mac(f: SignedFields): Buffer {
    // `none` stands for an absent file only because real hashes are always hex.
    if (!HEX_HASH.test(f.contentHash) || (f.baseHash !== null && !HEX_HASH.test(f.baseHash))) {
      throw new Error('ProposalSigner: hashes must be lower-case hex SHA-256');
    }
    const tuple = [
      SIGNATURE_TAG,
      f.id,
      f.sessionId,
      f.path.normalize('NFC'),
      f.contentHash,
      f.baseHash ?? 'none',
      f.expiresAt,
    ];
    return createHmac('sha256', this.#key).update(JSON.stringify(tuple), 'utf8').digest();
  }

  /** Keeps the key out of logs and `console.log` of anything holding a signer. */
  toJSON(): string {
    return '[ProposalSigner]';
  }
}
