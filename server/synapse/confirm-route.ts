import type { Context } from 'hono';
import { KeyedQueue } from '../../common/keyed-queue.ts';
import {
  AUDIT_LOG_PATH,
  type AuditEntry,
  type ConfirmAnswer,
  ConfirmBodySchema,
} from '../../common/synapse-schemas.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { ApiError } from '../http/api-error.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { AuditHealth } from './audit-health.ts';
import { readCurrent, unifiedDiff } from './current-file.ts';
import type { ProposalSigner } from './proposal-signer.ts';
import type { ProposalStore, StoredProposal } from './proposal-store.ts';
import { appendLine, cleanTempFiles, writeAtomic } from './vault-writer.ts';

export interface ConfirmDeps {
  root: string;
  /** Checked before every write; see audit-health.ts for why writes stop without it. */
  audit: AuditHealth;
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
 * is as proposed (409 file_changed with a fresh diff), writes the STORED content and
 * appends an audit line. The body never carries content.
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
    if (p.mode === 'overwrite' && !body.overwrite) {
      throw new ApiError(
        400,
        'overwrite_required',
        `«${p.path}» existe: sobrescribirlo necesita aprobación explícita.`,
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
    const outcome = await queue.run(p.path, async () => {
      const now = await readCurrent(deps.root, p.path);
      const unchanged =
        p.mode === 'append' ||
        (p.mode === 'create' && !now.exists) ||
        (p.mode === 'overwrite' && now.exists && now.hash === p.baseHash);
      if (!unchanged)
        return { changed: await unifiedDiff(p.path, now.exists ? now.text : '', p.content) };
      const written =
        p.mode === 'append'
          ? await appendLine(deps.root, p.path, p.content)
          : await writeAtomic(deps.root, p.path, p.content);
      return { written };
    });
    if ('changed' in outcome) {
      const message = `«${p.path}» cambió desde la propuesta: revisa el nuevo diff y propón de nuevo.`;
      return c.json({ error: { code: 'file_changed', message, diff: outcome.changed } }, 409);
    }
    const { written } = outcome;
    deps.store.release(p);
    await deps
      .synced(written.path)
      .catch((err) =>
        deps.log(
          `[synapse] escrito ${written.path} pero el índice no se actualizó: ${String(err)}`,
        ),
      );
    const entry: AuditEntry = {
      id: p.id,
      kind: p.kind,
      path: written.path,
      mode: p.mode,
      hash: written.hash,
      bytes: written.bytes,
      time: new Date(deps.clock()).toISOString(),
      session: { id: session.id, label: session.label },
    };
    const audited = await queue
      .run(AUDIT_LOG_PATH, () => appendLine(deps.root, AUDIT_LOG_PATH, JSON.stringify(entry)))
      .then(
        () => true,
        (err) => {
          // The log broke between the check and the write: the user is told, and status keeps it.
          deps.audit.noteUnaudited();
          deps.log(`[synapse] escrito ${written.path} pero no se pudo auditar: ${String(err)}`);
          return false;
        },
      );
    const answer: ConfirmAnswer = audited ? { written } : { written, unaudited: true };
    return c.json(answer);
  };
}
