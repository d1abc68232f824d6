import { join } from 'node:path';
import { type CliCredentials, CliCredentialsSchema } from '../../common/cli-schemas.ts';
import type { SessionStore } from '../auth/session-store.ts';
import { JsonFile } from '../storage/json-file.ts';

/** The file the `soma` command reads: `<configDir>/cli.json`. */
export const CLI_CREDENTIALS_FILE = 'cli.json';

/** The label the terminal's session shows in Dispositivos. */
export const CLI_SESSION_LABEL = 'Terminal (soma)';

/**
 * Makes sure the `soma` command can reach this server: `<configDir>/cli.json` (mode 0600,
 * written atomically) holds the loopback URL and the token of a session of its own. The
 * token is never on a command line or in shell history; whoever can read the file can
 * already read the vault. A live token is kept across restarts (the terminal's
 * conversation belongs to its session); a revoked or unreadable one is replaced.
 */
export async function ensureCliCredentials(opts: {
  configDir: string;
  sessions: SessionStore;
  url: string;
}): Promise<CliCredentials> {
  const file = credentialsFile(opts.configDir);
  const existing = await file.readOr(null);
  const live = existing ? opts.sessions.verify(existing.token) : null;
  const token =
    existing && live?.via === 'cli'
      ? existing.token
      : (await opts.sessions.create(CLI_SESSION_LABEL, 'cli', { code: 'terminal', params: {} }))
          .token;
  // The session on disk before its token is: a cli.json never outlives its session in a crash.
  await opts.sessions.flush();
  const credentials: CliCredentials = { version: 1, url: opts.url, token };
  // A file someone widened comes back 0600 (JsonFile sets the mode on every write).
  await file.write(credentials);
  return credentials;
}

/**
 * After a revocation: a `cli.json` whose token no longer opens a session is deleted, so no
 * dead credential stays on disk and the `soma` command says SOMA must start again (the next
 * start writes a new session's token). The terminal's conversations are the user's and stay.
 */
export async function forgetRevokedCliCredentials(opts: {
  configDir: string;
  sessions: SessionStore;
}): Promise<void> {
  const file = credentialsFile(opts.configDir);
  const existing = await file.readOr(null);
  if (!existing || opts.sessions.holds(existing.token)) return;
  await file.remove();
}

function credentialsFile(configDir: string): JsonFile<typeof CliCredentialsSchema> {
  return new JsonFile(join(configDir, CLI_CREDENTIALS_FILE), CliCredentialsSchema, { indent: 2 });
}
