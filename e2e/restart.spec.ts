import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { enter, expect, fakeChain, openSignedIn, sampleNotes, test } from './fixtures.ts';
import { startSoma } from './soma-server.ts';

test('after a server restart the page reconnects, the conversation is intact, and an old proposal is refused and can be made again', async ({
  page,
  upstream,
}) => {
  upstream.setScript({ kind: 'text', chunks: ['Conecta con ', '[[Memoria activa]].'], delayMs: 2 });
  const soma = await startSoma(sampleNotes, { harness: { providers: fakeChain(upstream) } });
  try {
    await openSignedIn(page, soma);
    await enter(page, '¿Con qué conecta la tesis?');
    const card = page.getByTestId('proposal').first();
    await expect(card).toHaveAttribute('data-state', 'pending');

    await soma.restart();

    // The session cookie survives the restart; the page catches up without a new login.
    await expect(page.getByTestId('events-reconnecting')).toHaveCount(0, { timeout: 30_000 });
    await page.reload();
    await expect(page.getByTestId('message-user')).toContainText('¿Con qué conecta la tesis?');
    await expect(page.getByTestId('message-assistant')).toContainText('Conecta con');

    // The proposal was signed by the old process: refused, and nothing written.
    const old = page.getByTestId('proposal').first();
    await old.getByTestId('proposal-approve').click();
    await expect(old).toHaveAttribute('data-state', 'expired');
    const log = join(soma.vault, '02_Conciencia/sesiones/sinapsis_log.txt');
    await expect(readFile(log, 'utf8')).rejects.toThrow();

    // Proposed again by the new process, it can be approved.
    await old.getByTestId('proposal-again').click();
    const again = page.locator('[data-testid="proposal"][data-state="pending"]').first();
    await again.getByTestId('proposal-approve').click();
    await expect(page.locator('[data-testid="proposal"][data-state="approved"]')).toHaveCount(1);
    expect(await readFile(log, 'utf8')).toContain('[[Memoria activa]]');
  } finally {
    await soma.stop();
  }
});
