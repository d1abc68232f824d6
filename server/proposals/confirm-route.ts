import type { Context } from 'hono';
import { KeyedQueue } from '../../common/keyed-queue.ts';
import {
  AUDIT_LOG_PATH,
  type AuditEntry,
  type ConfirmAnswer,
  ConfirmBodySchema,
} from '../../common/proposal-schemas.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import type { HistoryStore } from '../history/history-store.ts';
import { ApiError } from '../http/api-error.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { AuditHealth } from './audit-health.ts';
import { landWrite } from './land-write.ts';
import type { ProposalSigner } from './proposal-signer.ts';
import type { ProposalStore, StoredProposal } from './proposal-store.ts';
import { appendLine, cleanTempFiles, removeFile, stageAtomic } from './vault-writer.ts';

export interface ConfirmDeps {
  root: string;
  /** Checked before every write; see audit-health.ts for why writes stop without it. */
  audit: AuditHealth;
  /** Keeps every file's previous bytes before it is written; no history, no write. */
  history: HistoryStore;
  /** Told about each write, so the index answers it before the watcher notices. */
  synced: (rel: string) => Promise<void>;
  store: ProposalStore;
  signer: ProposalSigner;
  clock: () => number;
  log: (line: string) => void;
}

/** The fields a proposal's signature covers, taken from what the server stored. */
export function signedFields(p: StoredProposal) {
  const { id, sessionId, path, contentHash, baseHash, expiresAt } = p;
  return { id, sessionId, path, contentHash, baseHash, expiresAt };
}

/**
 * POST /api/proposals/:id/confirm — the one place a write to the vault starts. Checks,
 * in order: session (403 wrong_session), signature over the stored fields (403
 * bad_signature), expiry (410 proposal_expired), single use (409 proposal_used), the
 * overwrite approval (400 overwrite_required, checked before spending so the UI can ask
 * again); then spends the id before any `await`, re-validates the path, checks the file
 * is as proposed (409 file_changed with a fresh diff), and lands the STORED content
 * through land-write.ts (history, then audit line, then the file). A 503 there wrote
 * nothing and gives the id back. The body never carries content.
 */
export function confirmHandler(deps: ConfirmDeps) {
  // A write killed midway leaves a hidden temp file: clear them before the first write.
  const cleaned = cleanTempFiles(deps.root).catch((err) => {
    deps.log(`[synapse] no se pudieron limpiar temporales: ${String(err)}`);
  });
  /** Per path, so SOMA's own check-then-write of one file never interleaves. */
  const queue = new KeyedQueue();

  return async function confirm(c: Context<AuthEnv>) {
    const body = await parseJsonBody(c, ConfirmBodySchema);
    const session = c.var.session;
    const p = deps.store.get(c.req.param('id') ?? '');
    if (!p)
      throw new ApiError(
        410,
        'proposal_expired',
        'La propuesta ya no existe: caducó o SOMA se reinició.',
      );
    if (p.sessionId !== session.id) {
      throw new ApiError(403, 'wrong_session', 'Esta propuesta pertenece a otra sesión.');
    }
    if (!deps.signer.verify(signedFields(p), body.signature)) {
      throw new ApiError(403, 'bad_signature', 'La firma de la propuesta no es válida.');
    }
    if (deps.clock() >= p.expiresAt) {
      throw new ApiError(410, 'proposal_expired', 'La propuesta caducó: pide una nueva.');
    }
    if (p.state !== 'pending') {
      throw new ApiError(409, 'proposal_used', 'Esta propuesta ya se usó o se rechazó.');
    }
    if ((p.mode === 'overwrite' || p.mode === 'remove') && !body.overwrite) {
      throw new ApiError(
        400,
        'overwrite_required',
        `«${p.path}» existe: sobrescribirlo o borrarlo necesita aprobación explícita.`,
      );
    }
    // Before the id is spent, so the user can confirm again once the log is fixed.
    if (!(await deps.audit.writable())) {
      throw new ApiError(
        503,
        'audit_unavailable',
        `No se escribió nada: el registro de auditoría (${AUDIT_LOG_PATH}) no se puede escribir.`,
      );
    }
    // spend() checks and marks in one synchronous step: of two simultaneous confirms one wins.
    if (!deps.store.spend(p)) {
      throw new ApiError(409, 'proposal_used', 'Esta propuesta ya se usó o se rechazó.');
    }
    await cleaned;
    const landDeps = {
      root: deps.root,
      history: deps.history,
      writer: { stageAtomic, appendLine, removeFile },
      audit: (entry: AuditEntry) =>
        queue
          .run(AUDIT_LOG_PATH, () => appendLine(deps.root, AUDIT_LOG_PATH, JSON.stringify(entry)))
          .then(() => {}),
      log: deps.log,
    };
    const approval = {
      time: deps.clock(),
      session: { id: session.id, label: session.label },
      ...(body.conversation ? { conversation: body.conversation } : {}),
    };
    const outcome = await queue
      .run(p.path, () => landWrite(landDeps, p, approval))
      .catch((err) => {
        // Refused before the file was touched: the same approval can be confirmed again.
        if (err instanceof ApiError && err.status === 503) deps.store.giveBack(p);
        throw err;
      });
    if ('changed' in outcome) {
      const message = `«${p.path}» cambió desde la propuesta: revisa el nuevo diff y propón de nuevo.`;
      const fields = { diff: outcome.changed };
      return new ApiError(409, 'file_changed', message, { fields }).toResponse(c);
    }
    const { written, before, after } = outcome;
    deps.store.release(p);
    await deps
      .synced(written.path)
      .catch((err) =>
        deps.log(
          `[synapse] escrito ${written.path} pero el índice no se actualizó: ${String(err)}`,
        ),
      );
    const answer: ConfirmAnswer = { written, before, after };
    return c.json(answer);
  };
}
