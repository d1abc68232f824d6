import 'reflect-metadata';
import { X509Certificate as NodeX509, randomBytes, webcrypto } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import writeFileAtomic from 'write-file-atomic';

/**
 * The local certificate authority of LAN mode and the server certificate it signs.
 * Loaded only when LAN mode is on: @peculiar/x509 and its ASN.1 stack weigh several MB.
 * Keys are ECDSA P-256 (fast to make, accepted by Android, iOS and every browser).
 */

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The authority lives ten years: the phone installs it once. */
const CA_LIFETIME_MS = 3650 * DAY_MS;
/** Under the 398 days Apple and Chrome accept for a server certificate. */
const SERVER_LIFETIME_MS = 397 * DAY_MS;
/** How long before expiry a certificate is replaced. */
export const RENEW_BEFORE_MS = 30 * DAY_MS;

/** What the HTTPS listener and the pairing page need. */
export interface LanTls {
  /** PEM of the server's private key and certificate, for `tls.createSecureContext`. */
  key: string;
  cert: string;
  /** PEM of the authority's certificate: what the phone installs. */
  caCert: string;
  /** `AB:CD:…`, as phones show it when installing the authority. */
  caFingerprintSha256: string;
  /** Base64 SHA-256 of the server key's SubjectPublicKeyInfo (for Chromium's SPKI allow-list). */
  serverSpkiSha256: string;
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${b64.trimEnd()}\n-----END ${label}-----\n`;
}

function derOf(pemText: string): Buffer {
  return Buffer.from(pemText.replace(/-----[^-]+-----|\s/g, ''), 'base64');
}

function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f; // positive, as RFC 5280 requires
  return bytes.toString('hex');
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Alt names of a certificate as Node prints them, sorted: `DNS:a, IP Address:1.2.3.4`. */
function altNames(cert: NodeX509): string[] {
  return (cert.subjectAltName ?? '').split(', ').filter(Boolean).sort();
}

function wantedAltNames(names: readonly string[]): string[] {
  return names.map((n) => (isIP(n) ? `IP Address:${n}` : `DNS:${n}`)).sort();
}

function expiresSoon(cert: NodeX509, now: number): boolean {
  return Date.parse(cert.validTo) - now < RENEW_BEFORE_MS;
}

async function newCa(now: number) {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=SOMA autoridad local, O=SOMA',
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + CA_LIFETIME_MS),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const key = pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { key, cert: cert.toString('pem') };
}

async function newServerCert(caKeyPem: string, caCertPem: string, names: string[], now: number) {
  const caKey = await webcrypto.subtle.importKey('pkcs8', derOf(caKeyPem), ALG, false, ['sign']);
  const caCert = new x509.X509Certificate(caCertPem);
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${names[0] ?? 'soma'}`,
    issuer: caCert.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + SERVER_LIFETIME_MS),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        names.map((value) => ({ type: isIP(value) ? ('ip' as const) : ('dns' as const), value })),
      ),
      await x509.AuthorityKeyIdentifierExtension.create(caCert),
    ],
  });
  const key = pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { key, cert: cert.toString('pem') };
}

/**
 * Returns the authority and a server certificate for exactly `names` (DNS names and IP
 * addresses), creating or replacing what is missing in `<configDir>/tls/`: a new
 * authority only when there is none or it nears expiry; a new server certificate when
 * the names changed (a new IP), it nears expiry, or the authority changed. Private keys
 * are written with mode 0600 in a 0700 folder.
 */
export async function ensureLanTls(
  configDir: string,
  names: readonly string[],
  now: number = Date.now(),
): Promise<LanTls> {
  const dir = join(configDir, 'tls');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = (n: string) => join(dir, n);
  const save = (n: string, text: string, mode: number) => writeFileAtomic(file(n), text, { mode });

  let caKey = await readIfExists(file('ca.key'));
  let caCert = await readIfExists(file('ca.crt'));
  let caChanged = false;
  if (!caKey || !caCert || expiresSoon(new NodeX509(caCert), now)) {
    ({ key: caKey, cert: caCert } = await newCa(now));
    await save('ca.key', caKey, 0o600);
    await save('ca.crt', caCert, 0o644);
    caChanged = true;
  }
  const ca = new NodeX509(caCert);

  let key = await readIfExists(file('server.key'));
  let cert = await readIfExists(file('server.crt'));
  const current = cert ? new NodeX509(cert) : null;
  const stale =
    !key ||
    !current ||
    caChanged ||
    !current.verify(ca.publicKey) ||
    expiresSoon(current, now) ||
    altNames(current).join() !== wantedAltNames(names).join();
  if (stale) {
    ({ key, cert } = await newServerCert(caKey, caCert, [...names], now));
    await save('server.key', key, 0o600);
    await save('server.crt', cert, 0o644);
  }
  const server = new NodeX509(cert as string);
  const spki = server.publicKey.export({ type: 'spki', format: 'der' });
  const spkiSha256 = Buffer.from(await webcrypto.subtle.digest('SHA-256', spki)).toString('base64');
  return {
    key: key as string,
    cert: cert as string,
    caCert,
    caFingerprintSha256: ca.fingerprint256,
    serverSpkiSha256: spkiSha256,
  };
}
