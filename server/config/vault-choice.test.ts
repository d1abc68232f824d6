import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseVault, isYes, missingVaultMessage } from './vault-choice.ts';

describe('vault-choice', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'soma-choice-'));
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });
  const typed = { source: '--vault', create: false };

  it('opens an existing folder, empty or not', async () => {
    expect(await chooseVault(base, typed)).toBe('open');
    await mkdir(path.join(base, 'notas'));
    expect(await chooseVault(path.join(base, 'notas'), typed)).toBe('open');
  });

  it('creates the missing default vault, or a missing path given with --create-vault', async () => {
    const missing = path.join(base, 'vault', 'SOMA');
    expect(await chooseVault(missing, { source: null, create: false })).toBe('create');
    expect(await chooseVault(missing, { source: '--vault', create: true })).toBe('create');
  });

  it('asks before making a vault at a typed path that does not exist', async () => {
    expect(await chooseVault(path.join(base, 'notsa'), typed)).toBe('ask');
    expect(
      await chooseVault(path.join(base, 'notsa'), { source: 'SOMA_VAULT', create: false }),
    ).toBe('ask');
  });

  it('refuses a file, or a path through one, in words', async () => {
    const file = path.join(base, 'nota.md');
    await writeFile(file, '# Nota');
    await expect(chooseVault(file, typed)).rejects.toThrow(
      `--vault: ${file} es un archivo, no una carpeta`,
    );
    await expect(
      chooseVault(path.join(file, 'dentro'), { ...typed, create: true }),
    ).rejects.toThrow(/pasa por un archivo/);
  });

  it('takes only an explicit yes', () => {
    expect(['s', 'Sí', ' si ', 'y', 'YES'].every(isYes)).toBe(true);
    expect(['', 'n', 'no', 'vale'].some(isYes)).toBe(false);
  });

  it('tells how to create the vault when it refuses', () => {
    const text = missingVaultMessage('/home/ana/notsa', 'SOMA_VAULT');
    expect(text).toContain('SOMA_VAULT: la bóveda /home/ana/notsa no existe');
    expect(text).toContain('--create-vault');
    expect(text).toContain('mkdir -p /home/ana/notsa');
  });
});
