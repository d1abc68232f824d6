import { join } from 'node:path';
import { SessionStore } from '../auth/session-store.ts';
import type { Options } from '../config/options.ts';
import { chooseVault, missingVaultMessage } from '../config/vault-choice.ts';
import { ConversationStore } from '../conversations/conversation-store.ts';
import { importLegacyConversations } from '../conversations/legacy-import.ts';
import { EmbeddingsHost } from '../embeddings/embeddings-host.ts';
import { HarnessStore } from '../harness/harness-store.ts';
import { SearchPairStore } from '../search-quality/search-pair-store.ts';
import { SCAN_CACHE_FILE } from '../vault/scan-cache.ts';
import { Vault } from '../vault/vault.ts';
import { ensureVault } from '../vault/vault-init.ts';
import { confirmNewVault, fail } from './terminal.ts';

// The start's first steps, in order: the harness and the vault folder, the config folder's
// stores, the vault's index, the long-term layer's host. Each ends the start on a failure.

/** The harness, and the vault folder chosen (asked about, or created) and laid out. */
export async function openHarnessAndVaultFolder(
  options: Options,
): Promise<{ harness: HarnessStore; created: boolean }> {
  const harness = await HarnessStore.open(options.harness).catch((err: Error) => fail(err.message));
  const choice = await chooseVault(options.vault, {
    source: options.vaultSource,
    create: options.createVault,
  }).catch((err: Error) => fail(err.message));
  if (choice === 'ask' && !(await confirmNewVault(options.vault))) {
    fail(missingVaultMessage(options.vault, options.vaultSource));
  }
  const { created } = await ensureVault(options.vault).catch((err: Error) =>
    fail(`la bóveda ${options.vault} no se puede preparar: ${err.message}`),
  );
  return { harness, created };
}

/** What the config folder keeps: sessions, conversations (the old ones imported) and pairs. */
export async function openConfigStores(options: Options, harness: HarnessStore) {
  const sessions = await SessionStore.open(options.configDir);
  const conversations = await ConversationStore.open(options.configDir, {
    defaultProfile: () => harness.current().defaultProfile,
  });
  await importLegacyConversations(options.configDir, conversations);
  const searchPairs = await SearchPairStore.open(options.configDir);
  return { sessions, conversations, searchPairs };
}

/** The vault's index, its first scan left for later (main starts it once the server listens). */
export async function openVault(options: Options): Promise<Vault> {
  const vault = new Vault(options.vault, {
    scanCacheFile: join(options.configDir, SCAN_CACHE_FILE),
  });
  // The scan starts once the login link is out: start-up does not wait for it, and the
  // browser's boot (docs/FACTS.md) overlaps it; a request before then starts it.
  await vault.start({ deferScan: true });
  return vault;
}

/**
 * The long-term layer's host. It is light: the layer's modules load only when the harness's
 * section or an installed model starts it, now or when a download completes.
 */
export async function startEmbeddingsHost(
  options: Options,
  harness: HarnessStore,
  vault: Vault,
): Promise<EmbeddingsHost> {
  const embeddings = new EmbeddingsHost({
    harness: () => harness.current(),
    onHarnessChange: (listener) => harness.onChange(listener),
    vault,
    configDir: options.configDir,
    env: process.env,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  await embeddings.start().catch((err: Error) => fail(`búsqueda semántica: ${err.message}`));
  return embeddings;
}
