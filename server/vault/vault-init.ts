import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WELCOME_NOTE, WELCOME_NOTE_PATH } from './welcome-note.ts';

/** The vault's folders, created when missing and never deleted (DESIGN.md, "The vault"). */
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
 * Creates the vault root and its folders if missing; only additive, so running it on an
 * existing vault (or an Obsidian vault) changes nothing that is there. A new vault (root
 * missing or empty) also gets the welcome note.
 */
export async function ensureVault(root: string): Promise<{ created: boolean }> {
  const created = await isMissingOrEmpty(root);
  await mkdir(root, { recursive: true });
  for (const folder of VAULT_FOLDERS) {
    await mkdir(path.join(root, ...folder.split('/')), { recursive: true });
  }
  if (created) {
    try {
      // 'wx' fails instead of overwriting when the note appeared meanwhile.
      await writeFile(path.join(root, ...WELCOME_NOTE_PATH.split('/')), WELCOME_NOTE, {
        encoding: 'utf8',
        flag: 'wx',
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return { created };
}
