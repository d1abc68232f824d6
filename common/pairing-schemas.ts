// zod/mini, like the other shared schemas, to keep the PWA's chunks small.
import * as z from 'zod/mini';

/**
 * Pairing and LAN API shapes, shared by the server and the PWA.
 */

export const PairingCreatedSchema = z.object({
  id: z.string(),
  /** One-time code; also inside `url`'s fragment, which never reaches a log or a Referer. */
  code: z.string(),
  url: z.string(),
  expiresAt: z.number(),
});
export type PairingCreated = z.infer<typeof PairingCreatedSchema>;

export const PairingStatusSchema = z.enum([
  'open',
  'pending',
  'approved',
  'rejected',
  'expired',
  'done',
]);

export const PairingViewSchema = z.object({
  id: z.string(),
  status: PairingStatusSchema,
  name: z.nullable(z.string()),
  expiresAt: z.number(),
});
export type PairingView = z.infer<typeof PairingViewSchema>;

export const ClaimBodySchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
});
export const ClaimAnswerSchema = z.object({ claim: z.string(), status: PairingStatusSchema });

export const ClaimStatusBodySchema = z.object({
  claim: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const ClaimStatusAnswerSchema = z.object({ status: PairingStatusSchema });

export const LanInfoSchema = z.object({
  enabled: z.boolean(),
  urls: z.array(z.string()),
  caFingerprintSha256: z.nullable(z.string()),
  caDownload: z.literal('/api/lan/ca.crt'),
});
