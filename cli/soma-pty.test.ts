import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNAPSE_LOG_PATH } from '../common/proposal-schemas.ts';
import {
  type FakeUpstream,
  startFakeUpstream,
  words,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { type ServedApp, serveTestApp } from '../testing/server/serve-test-app.ts';
import { fakeProviders } from '../testing/server/test-app.ts';

/**
 * The `soma` command in a real pseudo-terminal (util-linux `script`, part of every
 * Debian), typed at as a person would: Enter, «n», «s», and Ctrl-C.
 */
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
/** Each run starts tsx and the command: generous, for a loaded machine. */
const RUN_TIMEOUT_MS = 60_000;

let upstream: FakeUpstream;
let soma: ServedApp;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  soma = await serveTestApp({
    notes: { 'a/Huerto.md': '# Huerto', 'a/Tesis.md': '# Tesis', 'a/Bóveda.md': '# Bóveda' },
    harness: fakeProviders(upstream.url, { fake: 'fake-model' }, 5_000),
  });
});
afterAll(async () => {
  await soma.close();
  await upstream.close();
});

/**
 * Runs `soma ARGS` on a pseudo-terminal. `onOutput` sees everything printed so far and
 * returns what to type next (or null); resolves with the exit status and the screen.
 */
function onTerminal(
  args: string[],
  onOutput: (screen: string) => string | null,
): Promise<{ status: number | null; screen: string }> {
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qfec', `${TSX} cli/main.ts ${quoted}`, '/dev/null'], {
    env: { ...process.env, SOMA_CONFIG_DIR: soma.configDir },
    // A session of its own: no controlling terminal of the test runner leaks in.
    detached: true,
  });
  let screen = '';
  child.stdout.on('data', (d) => {
    screen += d;
    const typed = onOutput(screen);
    if (typed !== null) child.stdin.write(typed);
  });
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, screen })));
}

describe('soma on a terminal', () => {
  it(
    'asks [S/n] per synapse: Enter and «s» approve, «n» rejects',
    async () => {
      upstream.setScript({
        kind: 'text',
        chunks: words('Mira [[Huerto]], [[Tesis]] y [[Bóveda]].'),
      });
      const replies = ['\r', 'n\r', 's\r'];
      let asked = 0;
      const run = await onTerminal(['Enlaza mis notas'], (screen) => {
        const prompts = screen.split('[S/n]').length - 1;
        if (prompts <= asked) return null;
        asked = prompts;
        return replies[prompts - 1] ?? null;
      });
      expect(run.status).toBe(0);
      expect(asked).toBe(3);
      expect(run.screen).toContain('¿Aprobar sinapsis [[Huerto]]? [S/n]');
      const log = await readFile(join(soma.vault, SYNAPSE_LOG_PATH), 'utf8');
      expect(log).toMatch(/\| \[\[Huerto\]\] \|/);
      expect(log).not.toMatch(/\| \[\[Tesis\]\] \|/);
      expect(log).toMatch(/\| \[\[Bóveda\]\] \|/);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'stops a streaming answer cleanly on Ctrl-C, with status 130',
    async () => {
      upstream.setScript({ kind: 'drip', text: 'una palabra tras otra '.repeat(200), everyMs: 50 });
      let sent = false;
      const run = await onTerminal(['Cuéntame algo largo'], (screen) => {
        if (sent || !screen.includes('una palabra')) return null;
        sent = true;
        return '\x03';
      });
      expect(run.status).toBe(130);
      expect(run.screen).toContain('interrumpido');
      expect(run.screen).not.toContain('at ');
      // The upstream request was closed, not left streaming.
      await expect.poll(() => upstream.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
    },
    RUN_TIMEOUT_MS,
  );
});
