import type { AuditEntry } from '../../common/proposal-schemas.ts';
import type { HistoryStep, HistoryStore } from '../history/history-store.ts';
import { ApiError } from '../http/api-error.ts';
import { lineBytes, readCurrent, sha256Hex } from '../vault/current-file.ts';
import { diffHunks } from '../vault/diff-hunks.ts';
import type { StoredProposal } from './proposal-store.ts';

/** What the vault writer did (the writer itself is passed in: only confirm imports it). */
export interface Written {
  path: string;
  hash: string;
  bytes: number;
}

/** The vault writer's functions, as confirm-route.ts hands them over. */
export interface VaultWriter {
  stageAtomic(
    root: string,
    rel: string,
    content: string | Buffer,
  ): Promise<{ commit(): Promise<Written>; abort(): Promise<void> }>;
  appendLine(root: string, rel: string, line: string): Promise<Written>;
  removeFile(root: string, rel: string): Promise<Written>;
}

/** The durable steps of one write, in order; a crash test stops the process after each. */
export type WriteStep = HistoryStep | 'audit' | 'written';

export interface LandDeps {
  root: string;
  history: HistoryStore;
  writer: VaultWriter;
  /** Appends one line to the audit log; throws when it cannot. */
  audit: (entry: AuditEntry) => Promise<void>;
  log: (line: string) => void;
  /** Runs after each durable step; only the crash test passes one. */
  step?: (s: WriteStep) => Promise<void>;
}

export interface Approval {
  time: number;
  session: { id: string; label: string };
  conversation?: string;
}

export type Landed =
  | { written: Written; before: string | null; after: string | null }
  | { changed: string };

/**
 * Writes an approved proposal, in an order a SIGKILL anywhere cannot break: the file is
 * read and checked as proposed; its previous bytes and the new ones are kept in the
 * history, fsynced with their index line (meanwhile the new file is staged in a hidden
 * temp file beside it, so the two fsyncs overlap); the audit line is appended (the
 * intent, naming both hashes); only then is the vault file put in place (rename, append
 * or unlink). Until that last step the file is untouched, and any record made so far
 * names a write the history lists as `not_written`. Without history (503
 * `history_unavailable`) or audit (503 `audit_unavailable`) nothing is written. Call it
 * inside the path's queue.
 */
export async function landWrite(
  deps: LandDeps,
  p: StoredProposal,
  approval: Approval,
): Promise<Landed> {
  const now = await readCurrent(deps.root, p.path);
  const unchanged =
    p.mode === 'append' ||
    (p.mode === 'create' && !now.exists) ||
    ((p.mode === 'overwrite' || p.mode === 'remove') && now.exists && now.hash === p.baseHash);
  if (!unchanged) return { changed: await diffHunks(now.exists ? now.text : '', p.content) };

  const before = now.exists ? now.bytes : null;
  // The same bytes appendLine will add, so the hashes kept name the file as it will be.
  const piece =
    p.mode === 'append'
      ? lineBytes(before && before.length > 0 ? (before.at(-1) ?? null) : null, p.content)
      : (p.bytes ?? Buffer.from(p.content));
  const after =
    p.mode === 'remove'
      ? null
      : p.mode === 'append'
        ? Buffer.concat([before ?? Buffer.alloc(0), piece])
        : piece;
  const hashes = { before: before && sha256Hex(before), after: after && sha256Hex(after) };
  const replaces = p.mode === 'create' || p.mode === 'overwrite';
  // Settled into a value at once, so a failure is not unhandled while the history is kept.
  const staging = replaces
    ? deps.writer.stageAtomic(deps.root, p.path, piece).then(
        (staged) => ({ staged }),
        (error: unknown) => ({ error }),
      )
    : null;
  const abort = async () => {
    const s = await staging;
    if (s && 'staged' in s) await s.staged.abort();
  };
  const time = new Date(approval.time).toISOString();
  const session = approval.session;
  try {
    await deps.history.record(
      {
        id: p.id,
        time,
        kind: p.kind,
        path: now.rel,
        session,
        ...(approval.conversation ? { conversation: approval.conversation } : {}),
        ...hashes,
      },
      // An appended line is kept as the line on top of the version before, not the whole file.
      { before, after, ...(p.mode === 'append' ? { appended: piece.length } : {}) },
      deps.step,
    );
  } catch (err) {
    await abort();
    deps.log(`[synapse] sin historial, no se escribe ${now.rel}: ${String(err)}`);
    throw new ApiError(
      503,
      'history_unavailable',
      `No se escribió nada: no se pudo guardar la versión anterior de «${now.rel}» en el historial.`,
      { params: { path: now.rel } },
    );
  }
  const staged = await staging;
  if (staged && 'error' in staged) throw staged.error;
  const removed = p.mode === 'remove';
  const entry: AuditEntry = {
    id: p.id,
    kind: p.kind,
    path: now.rel,
    mode: p.mode,
    hash: sha256Hex(removed ? Buffer.alloc(0) : piece),
    bytes: removed ? 0 : piece.length,
    ...hashes,
    time,
    session,
  };
  try {
    await deps.audit(entry);
  } catch (err) {
    await abort();
    deps.log(`[synapse] sin auditoría, no se escribe ${now.rel}: ${String(err)}`);
    throw new ApiError(
      503,
      'audit_unavailable',
      'No se escribió nada: el registro de auditoría no se pudo escribir.',
    );
  }
  await deps.step?.('audit');
  const written = staged
    ? await staged.staged.commit()
    : removed
      ? await deps.writer.removeFile(deps.root, p.path)
      : await deps.writer.appendLine(deps.root, p.path, p.content);
  await deps.step?.('written');
  return { written, ...hashes };
}
