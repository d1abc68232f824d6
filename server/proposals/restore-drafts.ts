import type { HistoryEntry } from '../../common/history-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import { type CurrentFile, sha256Hex } from '../vault/current-file.ts';
import { diffHunks } from '../vault/diff-hunks.ts';
import type { Draft } from './proposal-drafts.ts';

/*
 * Undo as proposals: a version from the write history back, or a file SOMA created
 * removed again. Each is an ordinary proposal, bound to the file as it is now, so it
 * goes through the same approval, confirm checks and history as any other write.
 */

/**
 * The version `bytes` back at `now.rel`: `overwrite` with a diff from the file on disk
 * (bound to its hash), or `create` when the file is gone. The bytes are written exactly.
 */
export async function restoreDraft(now: CurrentFile, bytes: Buffer): Promise<Draft> {
  const content = bytes.toString('utf8');
  const base = { kind: 'restore' as const, path: now.rel, content, bytes };
  if (!now.exists) {
    return { ...base, mode: 'create', preview: { type: 'full', text: content }, baseHash: null };
  }
  const unified = await diffHunks(now.text, content);
  return { ...base, mode: 'overwrite', preview: { type: 'diff', unified }, baseHash: now.hash };
}

/**
 * The file at `now.rel` removed: only a file the history shows SOMA created (a write
 * whose `before` was no file), 409 `not_removable` otherwise; 404 when it is gone.
 */
export async function removeDraft(now: CurrentFile, writes: HistoryEntry[]): Promise<Draft> {
  if (!now.exists) throw new ApiError(404, 'not_found', `No existe «${now.rel}» en la bóveda`);
  if (!writes.some((w) => w.before === null)) {
    throw new ApiError(
      409,
      'not_removable',
      `SOMA no creó «${now.rel}»: solo se puede restaurar una versión anterior.`,
      { params: { path: now.rel } },
    );
  }
  const unified = await diffHunks(now.text, '');
  return {
    kind: 'remove',
    path: now.rel,
    mode: 'remove',
    content: '',
    preview: { type: 'diff', unified },
    baseHash: now.hash,
  };
}

/** The hash a proposal's signature binds: of the exact bytes when they are given. */
export const draftHash = (d: Pick<Draft, 'content' | 'bytes'>) => sha256Hex(d.bytes ?? d.content);
