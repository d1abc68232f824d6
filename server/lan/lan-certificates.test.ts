import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureLanTls, type LanTls, RENEW_BEFORE_MS } from './lan-certificates.ts';

const NAMES = ['portatil.local', '192.168.1.20'];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'soma-tls-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Opens a TLS connection trusting only the SOMA authority, asking for `servername`. */
function handshake(tls: LanTls, servername: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer({ key: tls.key, cert: tls.cert }, (_q, s) => s.end('ok'));
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const socket = connect({
        host: '127.0.0.1',
        port,
        ca: tls.caCert,
        // An IP is checked against the IP alt names, a name against the DNS ones.
        ...(/^\d/.test(servername) ? {} : { servername }),
        checkServerIdentity: (_host, cert) => {
          const x = new X509Certificate(cert.raw);
          const ok = /^\d/.test(servername) ? x.checkIP(servername) : x.checkHost(servername);
          return ok ? undefined : new Error(`no vale para ${servername}`);
        },
      });
      const done = (result: string | null) => {
        socket.destroy();
        server.close();
        resolve(result);
      };
      socket.once('secureConnect', () => done(null));
      socket.once('error', (err) => done(err.message));
    });
    server.once('error', reject);
  });
}

describe('server/lan/lan-certificates', () => {
  it('makes a chain that verifies for each LAN name and for no other', async () => {
    const tls = await ensureLanTls(dir, NAMES);
    const ca = new X509Certificate(tls.caCert);
    const server = new X509Certificate(tls.cert);
    expect(ca.ca).toBe(true);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.checkHost('portatil.local')).toBe('portatil.local');
    expect(server.checkIP('192.168.1.20')).toBe('192.168.1.20');
    expect(server.checkHost('evil.example')).toBeUndefined();
    expect(server.checkIP('192.168.1.21')).toBeUndefined();
    expect(await handshake(tls, 'portatil.local')).toBeNull();
    expect(await handshake(tls, '192.168.1.20')).toBeNull();
    expect(await handshake(tls, 'otro.local')).toMatch(/no vale/);
  });

  it('keeps private keys owner-only and reuses everything on the next start', async () => {
    const first = await ensureLanTls(dir, NAMES);
    expect((await stat(join(dir, 'tls', 'ca.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'tls', 'server.key'))).mode & 0o777).toBe(0o600);
    const again = await ensureLanTls(dir, [...NAMES].reverse());
    expect(again.cert).toBe(first.cert);
    expect(again.caFingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('issues a new server certificate under the same authority when the IP changes', async () => {
    const first = await ensureLanTls(dir, NAMES);
    const moved = await ensureLanTls(dir, ['portatil.local', '192.168.1.77']);
    expect(moved.caCert).toBe(first.caCert);
    expect(moved.cert).not.toBe(first.cert);
    const server = new X509Certificate(moved.cert);
    expect(server.checkIP('192.168.1.77')).toBe('192.168.1.77');
    expect(server.checkIP('192.168.1.20')).toBeUndefined();
    expect(server.verify(new X509Certificate(first.caCert).publicKey)).toBe(true);
  });

  it('renews the server certificate before it expires', async () => {
    const first = await ensureLanTls(dir, NAMES);
    const validTo = Date.parse(new X509Certificate(first.cert).validTo);
    const later = await ensureLanTls(dir, NAMES, validTo - RENEW_BEFORE_MS + 1000);
    expect(later.caCert).toBe(first.caCert);
    expect(later.cert).not.toBe(first.cert);
    expect(await readFile(join(dir, 'tls', 'server.crt'), 'utf8')).toBe(later.cert);
  });
});
