import { stat } from 'node:fs/promises';

/** What start-up does with the vault path it was given. */
export type VaultChoice = 'open' | 'create' | 'ask';

/** How the path was chosen: who gave it (null: the default) and whether creating was asked for. */
export interface VaultPathOrigin {
  /** `--vault` or `SOMA_VAULT`; null for the default `~/vault/SOMA`. */
  source: string | null;
  /** `--create-vault` (or SOMA_CREATE_VAULT) was given. */
  create: boolean;
}

/**
 * Decides whether the vault at `vault` is opened, created, or needs the user's word. A
 * folder (empty or not) is opened; a missing default or a missing path with
 * `--create-vault` is created; any other missing path may be a typo, so it is `ask` (the
 * caller asks on a terminal or refuses with {@link missingVaultMessage}).
 *
 * @throws Error with a Spanish message when the path is a file or runs through one
 */
export async function chooseVault(vault: string, origin: VaultPathOrigin): Promise<VaultChoice> {
  const where = origin.source ? `${origin.source}: ` : '';
  const st = await stat(vault).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    if (err.code === 'ENOTDIR') {
      throw new Error(
        `${where}la ruta de la bóveda ${vault} pasa por un archivo; indica una carpeta.`,
      );
    }
    throw new Error(`${where}la bóveda ${vault} no se puede leer (${err.code ?? err.message}).`);
  });
  if (st) {
    if (st.isDirectory()) return 'open';
    throw new Error(
      `${where}${vault} es un archivo, no una carpeta; indica la carpeta de la bóveda.`,
    );
  }
  return origin.source === null || origin.create ? 'create' : 'ask';
}

/** The question asked on a terminal before a new vault is made at a path that was typed. */
export function createVaultQuestion(vault: string): string {
  return `¿Crear una bóveda nueva en ${vault}? [s/N] `;
}

/** True for a yes to {@link createVaultQuestion}; anything else (Enter included) is no. */
export function isYes(answer: string): boolean {
  return ['s', 'si', 'sí', 'y', 'yes'].includes(answer.trim().toLowerCase());
}

/** Why SOMA did not start over a missing vault path, and the two ways to create it. */
export function missingVaultMessage(vault: string, source: string | null): string {
  return [
    `${source ? `${source}: ` : ''}la bóveda ${vault} no existe. ¿Está bien escrita la ruta?`,
    `Para empezar una bóveda nueva ahí, arranca con --create-vault o crea la carpeta antes:`,
    `  mkdir -p ${vault}`,
  ].join('\n');
}
