import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { Manifest } from '../common/api-schemas.ts';
import { type Attachment, MAX_ATTACHMENT_TEXT } from '../common/chat-schemas.ts';
import type { ExtractAnswer } from '../common/web-schemas.ts';
import { LinkIndex } from '../common/wikilinks.ts';
import { CliError } from './exit-codes.ts';
import type { SomaClient } from './soma-client.ts';

/** Reads all of a piped standard input as text. */
export async function readAll(stdin: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `--unir` names, as the PWA reads them: a vault path, or a note name resolved the way
 * Obsidian resolves links (shortest path first). A name that is no note but a readable
 * file on this computer (`./borrador.md`) is attached as a file, never saved to the vault.
 */
export async function noteAttachments(
  client: SomaClient,
  names: readonly string[],
  cwd: string,
): Promise<Attachment[]> {
  const manifest = await client.json<Manifest>('/api/vault/manifest');
  const paths = new Set(manifest.notes.map((n) => n.path.normalize('NFC')));
  const index = new LinkIndex(paths);
  const out: Attachment[] = [];
  for (const name of names) {
    const typed = name.normalize('NFC');
    const inVault = paths.has(typed) ? typed : index.resolve(typed);
    if (inVault) {
      out.push({ kind: 'note', path: inVault });
      continue;
    }
    const local = resolve(cwd, name);
    const info = await stat(local).catch(() => null);
    if (!info?.isFile()) {
      throw new CliError('not_found', `«${name}» no es una nota de la bóveda ni un archivo.`);
    }
    const text = await readFile(local, 'utf8');
    if (text.length > MAX_ATTACHMENT_TEXT) {
      throw new CliError('too_large', `${name} pasa de ${MAX_ATTACHMENT_TEXT} caracteres.`);
    }
    out.push({ kind: 'file', name: basename(local), text });
  }
  return out;
}

/** `--extraer URL`: the page's readable text, attached whole (the PWA lets you trim it). */
export async function pageAttachment(client: SomaClient, url: string): Promise<Attachment> {
  const page = await client.json<ExtractAnswer>('/api/extract', { method: 'POST', body: { url } });
  return { kind: 'url', url: page.url, title: page.title, text: page.markdown };
}
