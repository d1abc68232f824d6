import {
  AUDIT_LOG_PATH,
  type ClosingBody,
  type SaveBody,
  SYNAPSE_LOG_PATH,
} from '../../common/proposal-schemas.ts';
import { type LinkIndex, noteKey, parseWikilinks } from '../../common/wikilinks.ts';
import type { CurrentFile } from '../vault/current-file.ts';
import { diffHunks } from '../vault/diff-hunks.ts';
import { invalidPath, normalizeVaultPath } from '../vault/vault-path.ts';
import {
  answerTitle,
  excerptAround,
  freeName,
  localDate,
  localStamp,
  slugify,
  synapseLine,
  withFrontMatter,
} from './proposal-content.ts';
import type { StoredProposal } from './proposal-store.ts';

/** A proposal before the store gives it an id, a session, hashes and an expiry. */
export type Draft = Omit<
  StoredProposal,
  'id' | 'sessionId' | 'contentHash' | 'expiresAt' | 'state'
>;

/** Synapses proposed from one answer at most (the harness asks the model for three). */
const MAX_SYNAPSES_PER_ANSWER = 50;
/** What /write accepts: notes and plain text, never Obsidian's or SOMA's data files. */
const WRITABLE_RE = /\.(md|txt)$/i;

const fullNote = (kind: 'save' | 'closing', path: string, content: string): Draft => ({
  kind,
  path,
  mode: 'create',
  content,
  preview: { type: 'full', text: content },
  baseHash: null,
});

/**
 * One synapse-log line per distinct `[[link]]` of `answer` (by note key, every form:
 * alias, section, embed), skipping same-note links and those `skip` names.
 */
export function synapseDrafts(f: {
  answer: string;
  index: LinkIndex;
  time: number;
  session: { id: string; label: string };
  skip: (linkKey: string) => boolean;
}): Draft[] {
  const seen = new Set<string>();
  const drafts: Draft[] = [];
  for (const link of parseWikilinks(f.answer)) {
    const key = noteKey(link.target);
    if (key === '' || seen.has(key) || f.skip(key)) continue;
    if (seen.add(key).size > MAX_SYNAPSES_PER_ANSWER) break;
    const resolved = f.index.resolve(link.target);
    const excerpt = excerptAround(f.answer, link);
    const line = synapseLine({
      time: f.time,
      session: f.session,
      raw: link.raw,
      resolved,
      excerpt,
    });
    drafts.push({
      kind: 'synapse',
      path: SYNAPSE_LOG_PATH,
      mode: 'append',
      content: line,
      preview: { type: 'full', text: line },
      link: { raw: link.raw, target: link.target, resolved },
      linkKey: key,
      baseHash: null,
    });
  }
  return drafts;
}

type Exists = (rel: string) => Promise<boolean>;

/**
 * `05_Salida/<date>-<slug>.md` (then `-2`, `-3`… when taken at propose time) with front
 * matter; the slug comes from the title, else the answer's first heading or first words.
 * A name taken between proposal and approval is not renamed: confirm answers 409
 * file_changed (mode `create`), and proposing again picks the next free name.
 */
export async function saveDraft(body: SaveBody, now: number, exists: Exists): Promise<Draft> {
  const title = body.title?.trim();
  // Named for what it says (its heading or first words); the question only when it has no words.
  const name = title || answerTitle(body.answer) || body.question;
  const stem = `${localDate(now)}-${slugify(name, 'respuesta')}`;
  const path = await freeName('05_Salida', stem, exists);
  const front = {
    fecha: new Date(now).toISOString(),
    perfil: body.meta.profile,
    proveedor: body.meta.provider,
    modelo: body.meta.model,
    fuentes: body.meta.sources,
    pregunta: body.question.trim(),
  };
  const text = title ? `# ${title}\n\n${body.answer}` : body.answer;
  return fullNote(
    'save',
    path,
    await withFrontMatter(title ? { titulo: title, ...front } : front, text),
  );
}

/** `02_Conciencia/sesiones/<YYYY-MM-DD-HHmm>-cierre.md`: the name /recordar ranks newest. */
export async function closingDraft(body: ClosingBody, now: number, exists: Exists): Promise<Draft> {
  const path = await freeName('02_Conciencia/sesiones', `${localStamp(now)}-cierre`, exists);
  const { profile, provider, model } = body.meta;
  const front = {
    fecha: new Date(now).toISOString(),
    tipo: 'cierre',
    perfil: profile,
    proveedor: provider,
    modelo: model,
  };
  return fullNote('closing', path, await withFrontMatter(front, body.content));
}

/** A new file in full; an existing one as a diff, bound to its current hash. */
export async function writeDraft(now: CurrentFile, content: string): Promise<Draft> {
  if (!now.exists) {
    const preview = { type: 'full', text: content } as const;
    return { kind: 'write', path: now.rel, mode: 'create', content, preview, baseHash: null };
  }
  const preview = { type: 'diff', unified: await diffHunks(now.text, content) } as const;
  return { kind: 'write', path: now.rel, mode: 'overwrite', content, preview, baseHash: now.hash };
}

/**
 * The vault path /write targets: `.md` is added when the name has no extension; only
 * `.md` and `.txt` are accepted, and never SOMA's own logs.
 */
export function writablePath(input: string): string {
  let rel = normalizeVaultPath(input, { forWrite: true });
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  if (name === '') invalidPath('no_file_name', 'falta el nombre del archivo');
  if (!name.includes('.')) rel = `${rel}.md`;
  if (!WRITABLE_RE.test(rel)) invalidPath('not_writable_type', 'solo se escriben notas .md o .txt');
  const key = rel.toLowerCase();
  if (key === SYNAPSE_LOG_PATH.toLowerCase() || key === AUDIT_LOG_PATH.toLowerCase()) {
    invalidPath('soma_log', `«${rel}» es un registro de SOMA`, { path: rel });
  }
  return rel;
}
