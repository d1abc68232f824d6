import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { RestoreBodySchema } from '../../common/history-schemas.ts';
import {
  AppendBodySchema,
  ClosingBodySchema,
  ConnectionBodySchema,
  type Proposal,
  RememberBodySchema,
  SaveBodySchema,
  SynapsesBodySchema,
  WriteBodySchema,
} from '../../common/proposal-schemas.ts';
import { LinkIndex } from '../../common/wikilinks.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import type { StoredSession } from '../auth/session-store.ts';
import type { HistoryStore } from '../history/history-store.ts';
import { ApiError } from '../http/api-error.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import { readCurrent } from '../vault/current-file.ts';
import type { Vault } from '../vault/vault.ts';
import { AuditHealth } from './audit-health.ts';
import { readAudit } from './audit-log.ts';
import { confirmHandler, signedFields } from './confirm-route.ts';
import { appendDraft, connectionDraft, rememberDraft } from './edit-drafts.ts';
import {
  closingDraft,
  type Draft,
  saveDraft,
  synapseDrafts,
  writablePath,
  writeDraft,
} from './proposal-drafts.ts';
import { ProposalSigner } from './proposal-signer.ts';
import { PROPOSAL_TTL_MS, ProposalStore, type StoredProposal } from './proposal-store.ts';
import { draftHash, removeDraft, restoreDraft } from './restore-drafts.ts';

export interface ProposalRoutesDeps {
  vault: Vault;
  /** Every approved write's previous and new bytes, outside the vault. */
  history: HistoryStore;
  /** Milliseconds since the epoch; tests inject one to expire proposals. */
  clock?: () => number;
  /** The 32-byte HMAC key; by default a fresh random one per start. */
  secret?: Uint8Array;
  log?: (line: string) => void;
  /** Shared with `/api/status`; one over the vault's root by default. */
  audit?: AuditHealth;
  /** The user-context note «Recuerda que…» appends to (harness.userContextNote, read per request). */
  userContextNote?: () => string;
}

/**
 * The Supervised Synapse routes, mounted under /api/proposals behind the session and
 * Origin checks. Every route but confirm only proposes: it validates the path, stores
 * the exact content and answers it signed, with a preview. See docs/API.md.
 */
export function proposalRoutes(deps: ProposalRoutesDeps): Hono<AuthEnv> {
  const clock = deps.clock ?? Date.now;
  const root = deps.vault.root;
  const store = new ProposalStore(clock);
  const signer = new ProposalSigner(deps.secret);
  const app = new Hono<AuthEnv>();

  const propose = (session: StoredSession, d: Draft): Proposal => {
    const p: StoredProposal = {
      ...d,
      id: randomUUID(),
      sessionId: session.id,
      contentHash: draftHash(d),
      expiresAt: clock() + PROPOSAL_TTL_MS,
      state: 'pending',
    };
    store.add(p);
    const { id, kind, path, mode, content, preview, link, baseHash, expiresAt } = p;
    const signature = signer.sign(signedFields(p));
    const answer = { id, kind, path, mode, content, preview, baseHash, expiresAt, signature };
    return link ? { ...answer, link } : answer;
  };
  const exists = async (rel: string) => (await readCurrent(root, rel)).exists;

  app.post('/synapses', async (c) => {
    const { answer } = await parseJsonBody(c, SynapsesBodySchema);
    const session = c.var.session;
    const index = new LinkIndex((await deps.vault.manifest()).notes.map((n) => n.path));
    const skip = (key: string) => store.isRejected(session.id, key);
    const drafts = synapseDrafts({ answer, index, time: clock(), session, skip });
    return c.json({ proposals: drafts.map((d) => propose(session, d)) });
  });

  app.post('/save', async (c) => {
    const body = await parseJsonBody(c, SaveBodySchema);
    return c.json({ proposal: propose(c.var.session, await saveDraft(body, clock(), exists)) });
  });

  app.post('/closing', async (c) => {
    const body = await parseJsonBody(c, ClosingBodySchema);
    return c.json({ proposal: propose(c.var.session, await closingDraft(body, clock(), exists)) });
  });

  app.post('/write', async (c) => {
    const body = await parseJsonBody(c, WriteBodySchema);
    const now = await readCurrent(root, writablePath(body.path));
    return c.json({ proposal: propose(c.var.session, await writeDraft(now, body.content)) });
  });

  app.post('/append', async (c) => {
    const body = await parseJsonBody(c, AppendBodySchema);
    const now = await readCurrent(root, writablePath(body.path));
    return c.json({
      proposal: propose(c.var.session, await appendDraft(now, body.content, clock())),
    });
  });

  app.post('/connection', async (c) => {
    const body = await parseJsonBody(c, ConnectionBodySchema);
    const now = await readCurrent(root, writablePath(body.note));
    return c.json({ proposal: propose(c.var.session, await connectionDraft(now, body.link)) });
  });

  app.post('/remember', async (c) => {
    const body = await parseJsonBody(c, RememberBodySchema);
    const note = deps.userContextNote?.() ?? '01_Caracter/contexto.md';
    const now = await readCurrent(root, writablePath(note));
    return c.json({ proposal: propose(c.var.session, await rememberDraft(now, body.text)) });
  });

  app.post('/restore', async (c) => {
    const body = await parseJsonBody(c, RestoreBodySchema);
    // Only files SOMA wrote have a history: the audit log and untouched notes answer 404.
    const now = await readCurrent(root, body.path);
    const writes = await deps.history.entries(now.rel);
    const version = body.version;
    if (version === null && writes.length > 0) {
      return c.json({ proposal: propose(c.var.session, await removeDraft(now, writes)) });
    }
    const known = writes.some((w) => w.before === version || w.after === version);
    const bytes = known && version !== null ? await deps.history.blob(version) : null;
    if (!bytes) {
      throw new ApiError(404, 'not_found', `Esa versión de «${now.rel}» no está en el historial.`, {
        params: { path: now.rel },
      });
    }
    return c.json({ proposal: propose(c.var.session, await restoreDraft(now, bytes)) });
  });

  const log = deps.log ?? console.error;
  app.post(
    '/:id/confirm',
    confirmHandler({
      root,
      audit: deps.audit ?? new AuditHealth(root),
      history: deps.history,
      synced: (rel) => deps.vault.sync(rel),
      store,
      signer,
      clock,
      log,
    }),
  );

  app.post('/:id/reject', (c) => {
    const p = store.get(c.req.param('id'));
    if (p) {
      if (p.sessionId !== c.var.session.id) {
        throw new ApiError(403, 'wrong_session', 'Esta propuesta pertenece a otra sesión.');
      }
      store.reject(p);
    }
    // An unknown id is already as good as rejected: it can never be confirmed.
    return c.body(null, 204);
  });

  app.get('/audit', async (c) => c.json(await readAudit(root)));

  return app;
}
