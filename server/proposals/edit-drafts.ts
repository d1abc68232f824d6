import type { ProposalKind } from '../../common/proposal-schemas.ts';
import { ApiError } from '../http/api-error.ts';
import type { CurrentFile } from '../vault/current-file.ts';
import { diffHunks } from '../vault/diff-hunks.ts';
import { withConnection } from './connections-section.ts';
import { localDate, oneLine } from './proposal-content.ts';
import type { Draft } from './proposal-drafts.ts';

/*
 * Proposals that add to a note rather than replace it (a connection, a remembered
 * sentence, /anexar). Each is the WHOLE new file, mode `overwrite` bound to the file's
 * hash (or `create` when it does not exist yet): the user approves the exact result as a
 * diff, and an edit made in Obsidian meanwhile answers 409 file_changed instead of being
 * interleaved with SOMA's.
 */

async function edited(kind: ProposalKind, now: CurrentFile, content: string): Promise<Draft> {
  if (!now.exists) {
    const preview = { type: 'full', text: content } as const;
    return { kind, path: now.rel, mode: 'create', content, preview, baseHash: null };
  }
  const preview = { type: 'diff', unified: await diffHunks(now.text, content) } as const;
  return { kind, path: now.rel, mode: 'overwrite', content, preview, baseHash: now.hash };
}

/** `- [[link]]` under the note's «Conexiones»: 404 when the note is gone, 409 when already there. */
export async function connectionDraft(now: CurrentFile, link: string): Promise<Draft> {
  if (!now.exists) throw new ApiError(404, 'not_found', `No existe «${now.rel}» en la bóveda`);
  const content = withConnection(now.text, link);
  if (content === null) {
    throw new ApiError(
      409,
      'already_linked',
      `«${now.rel}» ya enlaza a [[${link}]] en Conexiones.`,
      { params: { path: now.rel, link } },
    );
  }
  return edited('connection', now, content);
}

/**
 * One `- sentence` line at the end of the user-context note (the note itself when new);
 * 409 already_remembered when the note has that line already, so a card proposed again
 * (or the same sentence said twice) never writes it a second time.
 */
export async function rememberDraft(now: CurrentFile, text: string): Promise<Draft> {
  const line = `- ${oneLine(text)}`;
  const body = now.exists ? now.text.replace(/\s+$/, '') : '';
  if (body.split('\n').some((l) => l.trim() === line)) {
    throw new ApiError(409, 'already_remembered', `«${now.rel}» ya tiene esa frase.`, {
      params: { path: now.rel },
    });
  }
  return edited('remember', now, `${body}${body === '' ? '' : '\n'}${line}\n`);
}

/** `## YYYY-MM-DD HH:mm` in local time: the heading /anexar puts above what it appends. */
export function appendHeading(ms: number): string {
  const d = new Date(ms);
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  return `## ${localDate(ms)} ${hm}`;
}

/**
 * /anexar: `content` after the note's text under a dated heading (visible in Obsidian's
 * outline, so the user sees when each piece came). A note that does not exist is created
 * with the heading and the content.
 */
export async function appendDraft(now: CurrentFile, content: string, ms: number): Promise<Draft> {
  const body = now.exists ? now.text.replace(/\s+$/, '') : '';
  const piece = `${appendHeading(ms)}\n\n${content.replace(/\s+$/, '')}\n`;
  return edited('append', now, body === '' ? piece : `${body}\n\n${piece}`);
}
