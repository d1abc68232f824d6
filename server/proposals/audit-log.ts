import { readFile } from 'node:fs/promises';
import {
  AUDIT_LOG_PATH,
  type AuditAnswer,
  type AuditEntry,
  AuditEntrySchema,
} from '../../common/proposal-schemas.ts';
import { resolveInVault } from '../vault/vault-path.ts';

/** Entries GET /api/proposals/audit returns at most (the newest). */
export const MAX_AUDIT_ENTRIES = 1_000;

/**
 * The audit log's entries, newest first. A line that is not a valid entry (cut by a
 * crash, edited by hand) is counted in `broken` and skipped, never fatal.
 */
export async function readAudit(root: string): Promise<AuditAnswer> {
  const { abs } = await resolveInVault(root, AUDIT_LOG_PATH);
  const text = await readFile(abs, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return '';
    throw err;
  });
  const entries: AuditEntry[] = [];
  let broken = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const parsed = AuditEntrySchema.safeParse(safeJson(line));
    if (parsed.success) entries.push(parsed.data);
    else broken++;
  }
  return { entries: entries.reverse().slice(0, MAX_AUDIT_ENTRIES), broken };
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
