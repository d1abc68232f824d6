import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { Harness } from '../harness/schema.ts';
import { START_TIMEOUT_MS, writeHarness } from './soma-server.ts';

/** A SOMA in LAN mode for a phone test: a fresh config folder, so a fresh authority. */
export interface LanSoma {
  /** The laptop's loopback start-up link. */
  loginLink: string;
  /** `https://soma.test:<port>`, reached through Chromium's host-resolver rule. */
  lanUrl: string;
  /** Base64 SHA-256 of the server certificate's key, for `--ignore-certificate-errors-spki-list`. */
  spki: string;
  /** The config folder, where `cli.json` holds the terminal's token. */
  configDir: string;
  stop: () => Promise<void>;
}

/** The name the phone uses; Chromium maps it to 127.0.0.1, so it is not "loopback" to the page. */
export const LAN_HOST = 'soma.test';

/**
 * Starts `dist/server/main.js --lan --lan-host soma.test --lan-address 127.0.0.1`;
 * `harness` replaces fields of the shipped harness (a fake upstream's `providers`).
 */
export async function startLanSoma(
  notes: Record<string, string>,
  opts: { harness?: Partial<Harness> } = {},
): Promise<LanSoma> {
  const base = await mkdtemp(join(tmpdir(), 'soma-lan-'));
  const vault = join(base, 'vault');
  for (const [path, content] of Object.entries(notes)) {
    await mkdir(dirname(join(vault, path)), { recursive: true });
    await writeFile(join(vault, path), content);
  }
  const configDir = join(base, 'config');
  const args = [
    'dist/server/main.js',
    '--vault',
    vault,
    '--create-vault',
    '--config-dir',
    configDir,
  ];
  if (opts.harness) {
    const harnessFile = join(base, 'soma.json');
    await writeHarness(harnessFile, opts.harness);
    args.push('--harness', harnessFile);
  }
  args.push(
    '--port',
    '0',
    '--no-open',
    '--lan',
    '--lan-host',
    LAN_HOST,
    '--lan-address',
    '127.0.0.1',
  );
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: '1' },
  });
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`SOMA no arrancó:\n${out}`)), START_TIMEOUT_MS);
    const onData = (d: Buffer) => {
      out += d;
      if (/#login=/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`SOMA salió (${code}):\n${out}`)));
  });
  await started;
  const pick = (re: RegExp) => {
    const m = re.exec(out)?.[1];
    if (!m) throw new Error(`falta ${re} en:\n${out}`);
    return m;
  };
  return {
    loginLink: pick(/(http:\/\/127\.0\.0\.1:\d+\/#login=[\w-]+)/),
    lanUrl: pick(/(https:\/\/soma\.test:\d+)/),
    spki: pick(/SPKI del certificado \(SHA-256, base64\): (\S+)/),
    configDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(base, { recursive: true, force: true });
    },
  };
}

/**
 * Pairs a phone as a person does: the laptop (signed in at its loopback address) shows the
 * pairing link, the phone opens it and asks under `name`, the laptop approves. Resolves with
 * the phone's page once it opened the app over HTTPS with a session of its own.
 */
export async function pairPhone(
  soma: LanSoma,
  laptop: Page,
  phoneContext: BrowserContext,
  name: string,
): Promise<Page> {
  await laptop.goto(`${new URL(soma.loginLink).origin}/#/dispositivos`);
  await laptop.getByTestId('add-device').click();
  const link = laptop.getByTestId('pairing-url');
  await expect(link).toHaveText(new RegExp(`^${soma.lanUrl}/pair#[\\w-]+$`));
  const phone = await phoneContext.newPage();
  await phone.goto((await link.textContent()) ?? '');
  await phone.getByLabel('Nombre de este dispositivo').fill(name);
  await phone.getByRole('button', { name: 'Pedir acceso' }).click();
  await expect(laptop.getByTestId('pairing-ask')).toHaveText(`¿Emparejar «${name}»?`);
  await laptop.getByRole('button', { name: 'Emparejar', exact: true }).click();
  await phone.waitForURL(`${soma.lanUrl}/#/`);
  await expect(phone.getByTestId('composer')).toBeEnabled({ timeout: 30_000 });
  return phone;
}
