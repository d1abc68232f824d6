import { mkdtemp, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openSignedIn, test } from './fixtures.ts';

const AUDIT_LOG = '02_Conciencia/sesiones/soma_auditoria.jsonl';

test('a banner stays up while the audit log cannot be written, and goes once it is fixed', async ({
  page,
  soma,
}) => {
  const outside = await mkdtemp(join(tmpdir(), 'soma-fuera-'));
  const log = join(soma.vault, ...AUDIT_LOG.split('/'));
  try {
    // A symlink out of the vault in the log's place: SOMA must not write through it.
    await symlink(join(outside, 'log.jsonl'), log);
    await openSignedIn(page, soma);
    const banner = page.getByTestId('audit-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('registro de auditoría');
    await unlink(log);
    // The banner re-reads the status on its own until the log can be written again.
    await expect(banner).toBeHidden({ timeout: 30_000 });
  } finally {
    await rm(outside, { recursive: true, force: true });
  }
});
