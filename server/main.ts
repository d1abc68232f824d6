import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createApp } from './app.ts';
import { LoginTokens } from './auth/login-token.ts';
import { RateLimiter } from './auth/rate-limit.ts';
import { SessionStore } from './auth/session-store.ts';
import { ensureCliCredentials } from './cli/cli-credentials.ts';
import { parseOptions } from './config/options.ts';
import {
  chooseVault,
  createVaultQuestion,
  isYes,
  missingVaultMessage,
} from './config/vault-choice.ts';
import { ConversationStore } from './conversations/conversation-store.ts';
import { importLegacyConversations } from './conversations/legacy-import.ts';
import { EmbeddingsHost } from './embeddings/embeddings-host.ts';
import { HarnessStore } from './harness/harness-store.ts';
import { HistoryStore } from './history/history-store.ts';
import type { LanRuntime } from './lan/start-lan.ts';
import { SearchPairStore } from './search-quality/search-pair-store.ts';
import { SCAN_CACHE_FILE } from './vault/scan-cache.ts';
import { Vault } from './vault/vault.ts';
import { ensureVault } from './vault/vault-init.ts';

/** Login attempts one client may make per window before it must wait. */
const LOGIN_ATTEMPTS_PER_MINUTE = 10;

/** The checkout SOMA runs from: the nearest folder above this file with SOMA's package.json. */
function findAppRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'soma') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('No se encuentra la carpeta de SOMA (package.json).');
    dir = parent;
  }
}

function fail(message: string): never {
  process.stderr.write(`\nSOMA no puede arrancar:\n  ${message.replaceAll('\n', '\n  ')}\n\n`);
  process.exit(1);
}

/** Opens the start-up link in the desktop's browser, where there is a desktop. */
function openBrowser(url: string): void {
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
  try {
    const child = spawn('xdg-open', [url], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener: the printed link is enough.
  }
}

/**
 * Asks on the terminal whether to create a vault at a typed path that does not exist;
 * without a terminal (a service, a test, a pipe) the answer is no.
 */
async function confirmNewVault(vault: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return isYes(await rl.question(createVaultQuestion(vault)));
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const appRoot = findAppRoot();
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(process.argv.slice(2), process.env, appRoot);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  if ('help' in parsed) {
    process.stdout.write(parsed.help);
    return;
  }
  const options = parsed;
  const version = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')).version;

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
  const sessions = await SessionStore.open(options.configDir);
  const conversations = await ConversationStore.open(options.configDir, {
    defaultProfile: () => harness.current().defaultProfile,
  });
  await importLegacyConversations(options.configDir, conversations);
  const searchPairs = await SearchPairStore.open(options.configDir);
  const loginTokens = new LoginTokens();
  const vault = new Vault(options.vault, {
    scanCacheFile: join(options.configDir, SCAN_CACHE_FILE),
  });
  // The scan starts once the login link is out (below): start-up does not wait for it, and
  // the browser's boot (~0.5–1 s before it asks) overlaps it; a request before then starts it.
  await vault.start({ deferScan: true });
  harness.watch();
  // The host is light: the layer's modules load only when the harness's section or an
  // installed model starts it, now or when a download completes.
  const embeddings = new EmbeddingsHost({
    harness: () => harness.current(),
    vault,
    configDir: options.configDir,
    env: process.env,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  await embeddings.start().catch((err: Error) => fail(`búsqueda semántica: ${err.message}`));

  let port = options.port;
  let lan: LanRuntime | null = null;
  const loopbackHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  // With LAN mode on, exactly its names and addresses with the HTTPS port join the lists.
  const hosts = () => [...loopbackHosts(), ...(lan?.hosts() ?? [])];
  const origins = () => [...loopbackHosts().map((h) => `http://${h}`), ...(lan?.origins() ?? [])];
  const loginLink = () => `http://127.0.0.1:${port}/#login=${loginTokens.issue()}`;

  const webRoot = join(appRoot, 'dist', 'web');
  const app = createApp({
    vault,
    harness,
    sessions,
    loginTokens,
    loginLimiter: new RateLimiter({ max: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: 60_000 }),
    allowedHosts: hosts,
    allowedOrigins: origins,
    secureCookies: false,
    webRoot: existsSync(join(webRoot, 'index.html')) ? webRoot : null,
    version,
    env: process.env,
    clientKey: (c) => getConnInfo(c).remote.address ?? 'desconocido',
    lan: () => lan,
    conversations,
    history: new HistoryStore(options.configDir, () => harness.current().writeHistory),
    searchPairs,
    embeddings,
    onLogin: () => {
      process.stdout.write(`Sesión iniciada. Enlace para otro navegador: ${loginLink()}\n`);
    },
  });

  // Requests on this listener are tagged, so laptop-only routes can tell it from the LAN one.
  const fetchLoopback = (req: Request, env: object) =>
    app.fetch(req, { ...env, somaListener: 'loopback' });
  const server = serve({ fetch: fetchLoopback, hostname: options.host, port }, async (info) => {
    port = info.port;
    if (options.lan.enabled) {
      try {
        // Loaded only in LAN mode: certificates cost memory the idle budget does not have.
        const { startLan } = await import('./lan/start-lan.ts');
        lan = await startLan({
          configDir: options.configDir,
          lan: options.lan,
          // The port asked for, not the one bound: `--port 0` means any free port for both.
          httpPort: options.port,
          fetch: (req, env) => app.fetch(req, env),
          log: (line) => process.stderr.write(`${line}\n`),
        });
      } catch (err) {
        fail(`modo LAN: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // The `soma` command finds this server and its own session in <configDir>/cli.json.
    await ensureCliCredentials({
      configDir: options.configDir,
      sessions,
      url: `http://127.0.0.1:${port}`,
    }).catch((err: Error) => process.stderr.write(`cli.json: ${err.message}\n`));
    const link = loginLink();
    process.stdout.write(
      [
        `SOMA ${version} en http://127.0.0.1:${port}`,
        `Bóveda: ${options.vault}${created ? ' (nueva)' : ''}`,
        `Arnés: ${options.harness}`,
        ...(lan
          ? [
              `Modo LAN (HTTPS): ${lan.info().urls.join('  ')}`,
              `Huella de la autoridad local (SHA-256): ${lan.info().caFingerprintSha256}`,
              `SPKI del certificado (SHA-256, base64): ${lan.spki()}`,
            ]
          : []),
        '',
        `Abre este enlace (una sola vez) para entrar: ${link}`,
        '',
      ].join('\n'),
    );
    if (options.open) openBrowser(link);
    // Scanned while the browser boots: its first sync then joins this scan, never a second.
    void vault.scanNow();
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') {
      fail(
        `el puerto ${port} ya está en uso. ¿Hay otro SOMA en marcha? Usa --port para elegir otro.`,
      );
    }
    fail(err.message);
  });

  const stop = () => {
    lan?.close();
    server.close();
    // Open event streams and keep-alive sockets would otherwise hold the process open.
    if ('closeAllConnections' in server) server.closeAllConnections();
    // sessions.flush(): a login answers before its session reaches the disk (session-store.ts).
    void Promise.allSettled([
      embeddings.close(),
      vault.close(),
      harness.close(),
      sessions.flush(),
    ]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
