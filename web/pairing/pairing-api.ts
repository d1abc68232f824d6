import * as z from 'zod/mini';
import {
  SessionAnswerSchema,
  type SessionInfo,
  SessionsAnswerSchema,
} from '../../common/api-schemas.ts';
import {
  ClaimAnswerSchema,
  ClaimStatusAnswerSchema,
  LanInfoSchema,
  type PairingCreated,
  PairingCreatedSchema,
  type PairingView,
  PairingViewSchema,
} from '../../common/pairing-schemas.ts';
import { postJson, request } from '../lib/api.ts';

/**
 * Calls of the devices and pairing screens. Kept out of lib/api.ts so they load
 * with those screens, not with the first page.
 */

const Empty = z.unknown();

export type LanInfo = z.infer<typeof LanInfoSchema>;

/** LAN mode as the laptop sees it (only answered on the laptop itself). */
export function getLanInfo(): Promise<LanInfo> {
  return request(LanInfoSchema, '/api/lan');
}

/** Every paired browser and phone, and whether this one may revoke the others (the laptop). */
export function getSessions(): Promise<{ sessions: SessionInfo[]; canRevokeOthers: boolean }> {
  return request(SessionsAnswerSchema, '/api/sessions');
}

/** Gives a device the name its person chose. */
export async function renameSession(id: string, label: string): Promise<SessionInfo> {
  const path = `/api/sessions/${encodeURIComponent(id)}`;
  return (await request(SessionAnswerSchema, path, { ...postJson({ label }), method: 'PATCH' }))
    .session;
}

/** Ends a session at once. */
export async function revokeSession(id: string): Promise<void> {
  await request(Empty, `/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Starts pairing a phone: a one-time code and the link the QR carries. */
export function createPairing(): Promise<PairingCreated> {
  return request(PairingCreatedSchema, '/api/pairing', { method: 'POST' });
}

export function getPairing(id: string): Promise<PairingView> {
  return request(PairingViewSchema, `/api/pairing/${encodeURIComponent(id)}`);
}

/** The laptop's answer to a phone that claimed the code. */
export async function decidePairing(id: string, approve: boolean): Promise<void> {
  const action = approve ? 'approve' : 'reject';
  await request(Empty, `/api/pairing/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}

/** The phone claims a code under a name; the answer's `claim` secret asks for the outcome. */
export function claimPairing(code: string, name: string) {
  return request(ClaimAnswerSchema, '/api/pairing/claim', postJson({ code, name }));
}

/** The outcome so far; `approved` comes with the session cookie. */
export async function pairingOutcome(claim: string) {
  return (await request(ClaimStatusAnswerSchema, '/api/pairing/claim/status', postJson({ claim })))
    .status;
}
