import { constants } from 'node:fs';
import { access, lstat } from 'node:fs/promises';
import path from 'node:path';
import type { AuditStatus } from '../../common/api-schemas.ts';
import { AUDIT_LOG_PATH } from '../../common/proposal-schemas.ts';
import { resolveInVault } from '../vault/vault-path.ts';

/**
 * Whether the audit log can take a line, so that an approved write is never left
 * unaudited in silence. Decision: while it cannot, confirm refuses to write (503
 * `audit_unavailable`) and `/api/status` says so, so the UI keeps a banner up until the
 * file is fixed. Writing first and auditing "later" would leave a change nobody can
 * trace; refusing costs only a retry once the log is back. The check is a courtesy (the
 * id is not spent): the audit line itself is appended before the file is written, and
 * a failure then refuses the write too (land-write.ts).
 */
export class AuditHealth {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  /**
   * True when a line could be appended now: the log resolves inside the vault through the
   * path module (no symlink out, none dangling), is a regular file with one name (appendLine
   * refuses a symlink or a hard link) the server may write, or is missing under a folder it
   * may write in.
   */
  async writable(): Promise<boolean> {
    try {
      const { abs } = await resolveInVault(this.#root, AUDIT_LOG_PATH);
      const st = await lstat(abs).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (st) {
        // appendLine refuses a file with other hard links: the log could not take the line.
        if (!st.isFile() || st.nlink > 1) return false;
        await access(abs, constants.W_OK);
        return true;
      }
      let dir = path.dirname(abs);
      for (;;) {
        const d = await lstat(dir).catch(() => null);
        if (d) {
          if (!d.isDirectory()) return false;
          await access(dir, constants.W_OK);
          return true;
        }
        const parent = path.dirname(dir);
        if (parent === dir) return false;
        dir = parent;
      }
    } catch {
      return false;
    }
  }

  /** What `/api/status` reports as `audit`. */
  async status(): Promise<AuditStatus> {
    return { writable: await this.writable() };
  }
}
