import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under `root` (hidden ones and symlinks included) → SHA-256 of its bytes,
 * so a test can assert that a refusal left the vault byte-for-byte unchanged.
 */
export async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      const rel = path.relative(root, abs);
      if (e.isDirectory()) {
        out[`${rel}/`] = 'dir';
        await walk(abs);
      } else if (e.isSymbolicLink()) out[rel] = 'symlink';
      else
        out[rel] = createHash('sha256')
          .update(await readFile(abs))
          .digest('hex');
    }
  };
  await walk(root);
  return out;
}
