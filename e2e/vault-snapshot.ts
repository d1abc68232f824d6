import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under `root` (dot-folders included) with its content: compare two to prove nothing was written. */
export async function snapshotVault(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out[full.slice(root.length + 1)] = await readFile(full, 'utf8');
  }
  return out;
}
