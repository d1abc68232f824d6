import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import type { Options } from '../config/options.ts';
import { createVaultQuestion, isYes } from '../config/vault-choice.ts';
import type { LanRuntime } from '../lan/start-lan.ts';

// What the start says to, and asks of, the person at the terminal.

/** Ends the start with a message that says why, in the terminal's words. */
export function fail(message: string): never {
  process.stderr.write(`\nSOMA no puede arrancar:\n  ${message.replaceAll('\n', '\n  ')}\n\n`);
  process.exit(1);
}

/** Opens the start-up link in the desktop's browser, where there is a desktop. */
export function openBrowser(url: string): void {
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
export async function confirmNewVault(vault: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return isYes(await rl.question(createVaultQuestion(vault)));
  } finally {
    rl.close();
  }
}

/** What the terminal shows once SOMA listens: where, which vault and harness, and the link. */
export function printBanner(opts: {
  version: string;
  options: Pick<Options, 'vault' | 'harness'>;
  created: boolean;
  port: number;
  lan: LanRuntime | null;
  link: string;
}): void {
  const { options, lan } = opts;
  process.stdout.write(
    [
      `SOMA ${opts.version} en http://127.0.0.1:${opts.port}`,
      `Bóveda: ${options.vault}${opts.created ? ' (nueva)' : ''}`,
      `Arnés: ${options.harness}`,
      ...(lan
        ? [
            `Modo LAN (HTTPS): ${lan.info().urls.join('  ')}`,
            `Huella de la autoridad local (SHA-256): ${lan.info().caFingerprintSha256}`,
            `SPKI del certificado (SHA-256, base64): ${lan.spki()}`,
          ]
        : []),
      '',
      `Abre este enlace (una sola vez) para entrar: ${opts.link}`,
      '',
    ].join('\n'),
  );
}
