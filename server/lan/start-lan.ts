import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Options } from '../config/options.ts';
import { ensureLanTls, type LanTls } from './lan-certificates.ts';
import type { LanInfo } from './lan-info.ts';
import { lanNames } from './lan-names.ts';

/** How often the addresses and the certificate's expiry are checked again. */
const REFRESH_MS = 5 * 60 * 1000;

/** The running HTTPS side of LAN mode, as main and the routes see it. */
export interface LanRuntime {
  info(): LanInfo;
  caCert(): string;
  /** `host:port` values and `https://` origins of the LAN names. */
  hosts(): string[];
  origins(): string[];
  /** Base64 SHA-256 of the server key (tests trust it with Chromium's SPKI list). */
  spki(): string;
  close(): void;
}

export interface StartLanOptions {
  configDir: string;
  lan: Options['lan'];
  httpPort: number;
  /** The app's fetch; it is called with `somaListener: 'lan'` in its env. */
  fetch: (request: Request, env: Record<string, unknown>) => Response | Promise<Response>;
  log: (line: string) => void;
}

function listen(options: StartLanOptions, tls: LanTls, address: string, port: number) {
  return new Promise<ServerType>((resolve, reject) => {
    const server = serve(
      {
        fetch: (req, env) => options.fetch(req, { ...env, somaListener: 'lan' }),
        createServer,
        serverOptions: { key: tls.key, cert: tls.cert },
        hostname: address,
        port,
      },
      () => resolve(server),
    );
    server.once('error', reject);
  });
}

/**
 * Creates (or reuses) the authority and certificate and serves HTTPS on each LAN
 * address, at `--lan-port` or the HTTP port + 1 (a free one when that is 0). Every
 * five minutes a changed address gets a new certificate and listener, and a certificate
 * close to expiry is replaced without a restart.
 */
export async function startLan(options: StartLanOptions): Promise<LanRuntime> {
  let names = lanNames(options.lan);
  let tls = await ensureLanTls(options.configDir, names.names);
  let port = options.lan.port ?? (options.httpPort === 0 ? 0 : options.httpPort + 1);
  const servers = new Map<string, ServerType>();
  for (const address of names.addresses) {
    const server = await listen(options, tls, address, port);
    port = (server.address() as AddressInfo).port;
    servers.set(address, server);
  }

  const refresh = async () => {
    const next = lanNames(options.lan);
    const fresh = await ensureLanTls(options.configDir, next.names);
    if (fresh.cert !== tls.cert) {
      for (const s of servers.values()) {
        (s as import('node:https').Server).setSecureContext({ key: fresh.key, cert: fresh.cert });
      }
    }
    tls = fresh;
    names = next;
    for (const [address, server] of servers) {
      if (!next.addresses.includes(address)) {
        server.close();
        servers.delete(address);
      }
    }
    for (const address of next.addresses.filter((a) => !servers.has(a))) {
      servers.set(address, await listen(options, tls, address, port));
    }
  };
  const timer = setInterval(() => {
    refresh().catch((err: Error) => options.log(`LAN: no se pudo renovar: ${err.message}`));
  }, REFRESH_MS);
  timer.unref();

  const hosts = () => names.names.map((n) => `${n}:${port}`);
  return {
    info: () => ({
      enabled: true,
      urls: hosts().map((h) => `https://${h}`),
      caFingerprintSha256: tls.caFingerprintSha256,
      caDownload: '/api/lan/ca.crt',
    }),
    caCert: () => tls.caCert,
    hosts,
    origins: () => hosts().map((h) => `https://${h}`),
    spki: () => tls.serverSpkiSha256,
    close: () => {
      clearInterval(timer);
      for (const s of servers.values()) {
        s.close();
        if ('closeAllConnections' in s) s.closeAllConnections();
      }
    },
  };
}
