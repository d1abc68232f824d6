/** Anything the harness lets name its key's variable: a chat provider, an embeddings endpoint. */
export interface KeyHolder {
  /** Name of the environment variable holding the key; null for a server that needs none. */
  apiKeyEnv: string | null;
}

/** Where a provider's key stands: not needed, set (trimmed), or missing from `env`. */
export type ProviderKey =
  | { kind: 'none' }
  | { kind: 'set'; key: string }
  | { kind: 'missing'; env: string };

/** Reads a provider's key from `env`; a blank value counts as missing. */
export function providerKey(
  holder: KeyHolder,
  env: Record<string, string | undefined>,
): ProviderKey {
  if (!holder.apiKeyEnv) return { kind: 'none' };
  const key = env[holder.apiKeyEnv]?.trim();
  return key ? { kind: 'set', key } : { kind: 'missing', env: holder.apiKeyEnv };
}

/** True when a request to this provider can be sent: it needs no key or its key is set. */
export function keyReady(holder: KeyHolder, env: Record<string, string | undefined>): boolean {
  return providerKey(holder, env).kind !== 'missing';
}
