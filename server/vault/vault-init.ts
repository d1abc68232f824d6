import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WELCOME_NOTE, WELCOME_NOTE_PATH } from './welcome-note.ts';

/**
 * The folders SOMA lays out in a new vault. An existing vault gets none of them unasked: an
 * approved write creates the folders it needs (the vault writer makes missing parents).
 */
export const VAULT_FOLDERS = [
  '00_Entrada',
  '01_Caracter',
  '02_Conciencia',
  '02_Conciencia/sesiones',
  '03_Proyectos',
  '04_Sueños',
  '05_Salida',
  '06_Archivo',
] as const;

async function isMissingOrEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Lays out a new vault — the root, its folders and the welcome note — when the root is
 * missing or empty. An existing vault (an Obsidian vault, a half-laid-out one) is left
 * exactly as it is: nothing is written there without an approved proposal. Whether a
 * missing root may be created at all is decided before, at start-up.
 */
export async function ensureVault(root: string): Promise<{ created: boolean }> {
  const created = await isMissingOrEmpty(root);
  if (!created) return { created };
  await mkdir(root, { recursive: true });
  for (const folder of VAULT_FOLDERS) {
    await mkdir(path.join(root, ...folder.split('/')), { recursive: true });
  }
  try {
    // 'wx' fails instead of overwriting when the note appeared meanwhile.
    await writeFile(path.join(root, ...WELCOME_NOTE_PATH.split('/')), WELCOME_NOTE, {
      encoding: 'utf8',
      flag: 'wx',
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return { created };
}
