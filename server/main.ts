import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { LoginTokens } from './auth/login-token.ts';
import { RateLimiter } from './auth/rate-limit.ts';
import type { SessionStore } from './auth/session-store.ts';
import { ensureCliCredentials, forgetRevokedCliCredentials } from './cli/cli-credentials.ts';
import { type Options, parseOptions } from './config/options.ts';
import { HistoryStore } from './history/history-store.ts';
import type { LanRuntime } from './lan/start-lan.ts';
import {
  openConfigStores,
  openHarnessAndVaultFolder,
  openVault,
  startEmbeddingsHost,
} from './startup/open-stores.ts';
import { fail, openBrowser, printBanner } from './startup/terminal.ts';

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

/** The options of this start, or null when `--help` was asked for (and printed). */
function readOptions(appRoot: string): Options | null {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(process.argv.slice(2), process.env, appRoot);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  if ('help' in parsed) {
    process.stdout.write(parsed.help);
    return null;
  }
  return parsed;
}

/** Where this server listens, known only once it does (`--port 0`) and LAN mode is up. */
interface Listening {
  port: number;
  lan: LanRuntime | null;
}

/** The hosts and origins requests may name: loopback's, and with LAN mode on its own. */
function allowedNames(net: Listening) {
  const loopbackHosts = () => [
    `127.0.0.1:${net.port}`,
    `localhost:${net.port}`,
    `[::1]:${net.port}`,
  ];
  return {
    // With LAN mode on, exactly its names and addresses with the HTTPS port join the lists.
    hosts: () => [...loopbackHosts(), ...(net.lan?.hosts() ?? [])],
    origins: () => [...loopbackHosts().map((h) => `http://${h}`), ...(net.lan?.origins() ?? [])],
  };
}

/** Starts LAN mode when asked for; loaded only then: certificates cost memory the idle budget does not have. */
async function startLanMode(options: Options, app: Hono, net: Listening): Promise<void> {
  if (!options.lan.enabled) return;
  try {
    const { startLan } = await import('./lan/start-lan.ts');
    net.lan = await startLan({
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

/** Ends the process on a port already taken (the common case: another SOMA) or any listen error. */
function failOnListenError(server: ServerType, net: Listening): void {
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') {
      fail(
        `el puerto ${net.port} ya está en uso. ¿Hay otro SOMA en marcha? Usa --port para elegir otro.`,
      );
    }
    fail(err.message);
  });
}

/** Closes listeners and stores on SIGINT or SIGTERM, then exits. */
function stopOnSignal(
  server: ServerType,
  net: Listening,
  closers: { close(): Promise<unknown> | unknown }[],
  sessions: SessionStore,
): void {
  const stop = () => {
    net.lan?.close();
    server.close();
    // Open event streams and keep-alive sockets would otherwise hold the process open.
    if ('closeAllConnections' in server) server.closeAllConnections();
    // sessions.flush(): a login answers before its session reaches the disk (session-store.ts).
    void Promise.allSettled([...closers.map((c) => c.close()), sessions.flush()]).then(() =>
      process.exit(0),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const appRoot = findAppRoot();
  const options = readOptions(appRoot);
  if (!options) return;
  const version = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')).version;

  const { harness, created } = await openHarnessAndVaultFolder(options);
  const { sessions, conversations, searchPairs } = await openConfigStores(options, harness);
  const loginTokens = new LoginTokens();
  const vault = await openVault(options);
  harness.watch();
  const embeddings = await startEmbeddingsHost(options, harness, vault);

  const net: Listening = { port: options.port, lan: null };
  const names = allowedNames(net);
  const loginLink = () => `http://127.0.0.1:${net.port}/#login=${loginTokens.issue()}`;
  const webRoot = join(appRoot, 'dist', 'web');
  const app = createApp({
    vault,
    harness,
    sessions,
    loginTokens,
    loginLimiter: new RateLimiter({ max: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: 60_000 }),
    allowedHosts: names.hosts,
    allowedOrigins: names.origins,
    secureCookies: false,
    webRoot: existsSync(join(webRoot, 'index.html')) ? webRoot : null,
    version,
    env: process.env,
    clientKey: (c) => getConnInfo(c).remote.address ?? 'desconocido',
    lan: () => net.lan,
    conversations,
    history: new HistoryStore(options.configDir, () => harness.current().writeHistory),
    searchPairs,
    embeddings,
    onLogin: () => {
      process.stdout.write(`Sesión iniciada. Enlace para otro navegador: ${loginLink()}\n`);
    },
    onRevoke: () => forgetRevokedCliCredentials({ configDir: options.configDir, sessions }),
  });

  // Requests on this listener are tagged, so laptop-only routes can tell it from the LAN one.
  const fetchLoopback = (req: Request, env: object) =>
    app.fetch(req, { ...env, somaListener: 'loopback' });
  const server = serve(
    { fetch: fetchLoopback, hostname: options.host, port: options.port },
    async (info) => {
      net.port = info.port;
      await startLanMode(options, app, net);
      // The `soma` command finds this server and its own session in <configDir>/cli.json.
      await ensureCliCredentials({
        configDir: options.configDir,
        sessions,
        url: `http://127.0.0.1:${net.port}`,
      }).catch((err: Error) => process.stderr.write(`cli.json: ${err.message}\n`));
      const link = loginLink();
      printBanner({ version, options, created, port: net.port, lan: net.lan, link });
      if (options.open) openBrowser(link);
      // Scanned while the browser boots: its first sync then joins this scan, never a second.
      void vault.scanNow();
    },
  );
  failOnListenError(server, net);
  stopOnSignal(server, net, [embeddings, vault, harness], sessions);
}

void main();
