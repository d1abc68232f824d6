import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProposalSigner, type SignedFields } from './proposal-signer.ts';

const fieldsArb: fc.Arbitrary<SignedFields> = fc.record({
  id: fc.uuid(),
  sessionId: fc.string({ minLength: 1 }),
  path: fc.string({ minLength: 1 }),
  contentHash: fc.stringMatching(/^[0-9a-f]{64}$/),
  baseHash: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/), { nil: null }),
  expiresAt: fc.integer({ min: 0, max: 2 ** 45 }),
});
const keys = Object.keys({
  id: 0,
  sessionId: 0,
  path: 0,
  contentHash: 0,
  baseHash: 0,
  expiresAt: 0,
} satisfies Record<keyof SignedFields, 0>) as (keyof SignedFields)[];

/** Another value for one field, never equal to the old one (nor to its NFC form). */
function mutate(f: SignedFields, key: keyof SignedFields, seed: string): SignedFields {
  const value = f[key];
  if (key === 'expiresAt') return { ...f, expiresAt: f.expiresAt + 1 };
  if (key === 'baseHash') {
    // Hashes are hex; `none` (an absent file) and any other hash must both differ.
    return { ...f, baseHash: value === null ? 'f'.repeat(64) : null };
  }
  if (key === 'contentHash') {
    const first = f.contentHash[0] === '0' ? '1' : '0';
    return { ...f, contentHash: `${first}${f.contentHash.slice(1)}` };
  }
  return { ...f, [key]: `${String(value)}${seed}` };
}

describe('ProposalSigner', () => {
  const signer = new ProposalSigner();

  it('verifies what it signed', () => {
    fc.assert(fc.property(fieldsArb, (f) => signer.verify(f, signer.sign(f))));
  });

  it('refuses the signature once any field of the tuple changes', () => {
    fc.assert(
      fc.property(
        fieldsArb,
        fc.constantFrom(...keys),
        fc.string({ minLength: 1 }),
        (f, key, seed) => {
          const g = mutate(f, key, seed);
          expect(signer.verify(g, signer.sign(f))).toBe(false);
        },
      ),
    );
  });

  it('signs the NFC form of the path, so both spellings of a name verify', () => {
    const f: SignedFields = {
      id: 'i',
      sessionId: 's',
      path: '04_Sue\u00f1os/x.md',
      contentHash: 'a'.repeat(64),
      baseHash: null,
      expiresAt: 1,
    };
    expect(signer.verify({ ...f, path: '04_Suen\u0303os/x.md' }, signer.sign(f))).toBe(true);
  });

  it('refuses a signature made under another key, and stray characters', () => {
    const f = fc.sample(fieldsArb, 1)[0]!;
    const sig = signer.sign(f);
    expect(new ProposalSigner().verify(f, sig)).toBe(false);
    expect(signer.verify(f, `${sig}=`)).toBe(false);
    expect(signer.verify(f, ` ${sig}`)).toBe(false);
    expect(signer.verify(f, '')).toBe(false);
  });

  it('keeps its key out of JSON', () => {
    expect(JSON.stringify({ signer })).toBe('{"signer":"[ProposalSigner]"}');
  });
});
