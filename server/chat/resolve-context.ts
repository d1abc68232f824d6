import type { ManifestEntry } from '../../common/api-schemas.ts';
import type { Attachment, ChatRequest } from '../../common/chat-schemas.ts';
import { noteKey, noteName } from '../../common/wikilinks.ts';
import type { Harness } from '../../harness/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Vault } from '../vault/vault.ts';
import type { ContextNote, ResolvedAttachment } from './turn-input.ts';

const PROJECTS = '03_Proyectos/';
const CLOSINGS = '02_Conciencia/sesiones/';
/** Closings SOMA writes start with their date and time (`YYYY-MM-DD-HHmm-…`), so names sort by time. */
const DATED = /^\d{4}-\d{2}-\d{2}/;

/** What the user chose for a turn, read from the vault: the input of assembleTurn. */
export interface ResolvedContext {
  profile: string;
  project: { name: string; notes: ContextNote[] } | null;
  recall: ContextNote | null;
  attachments: ResolvedAttachment[];
  /** The text of harness.userContextNote, null while that note does not exist. */
  userContext: string | null;
}

/**
 * Reads on the server everything a chat request points at. Notes are read fresh from
 * disk (whole file, front matter included: it often says the note's status). Vault errors
 * (400 invalid_path, 404 not_found, 415 not_a_note) propagate; an unknown profile is 400
 * `unknown_profile`, an unknown project 404 `unknown_project`, no closing 404 `no_closing`.
 */
export async function resolveContext(
  vault: Vault,
  harness: Harness,
  req: ChatRequest,
  /** The user-context note's text, when the caller started reading it early. */
  userContextRead: Promise<string | null> = readUserContext(vault, harness.userContextNote),
): Promise<ResolvedContext> {
  const profile = req.profile ?? harness.defaultProfile;
  if (!Object.hasOwn(harness.profiles, profile)) {
    throw new ApiError(
      400,
      'unknown_profile',
      `No existe el perfil «${profile}». Perfiles: ${Object.keys(harness.profiles).join(', ')}`,
    );
  }
  const [project, recall, attachments, userContext] = await Promise.all([
    req.project === null ? null : readProject(vault, req.project),
    req.recall ? readLatestClosing(vault) : null,
    Promise.all(req.attachments.map((a) => readAttachment(vault, a))),
    userContextRead,
  ]);
  return { profile, project, recall, attachments, userContext };
}

/**
 * The user-context note's text, or null when it does not exist (the harness string is
 * sent then). Read fresh every turn, so an edit in Obsidian or a «Recuerda que…» just
 * approved is in the next request.
 */
export async function readUserContext(vault: Vault, path: string): Promise<string | null> {
  // Most vaults have no such note: reading one that is missing searches its folder for
  // another spelling of the name, on every turn.
  if (!(await vault.mayHold(path))) return null;
  try {
    return (await vault.readNote(path)).content;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * The projects in `03_Proyectos/`, sorted: each folder holding at least one note, and each
 * note directly inside (its name without `.md`). A name that is both counts once.
 */
export async function listProjects(vault: Vault): Promise<string[]> {
  const names = new Map<string, string>();
  for (const rel of await projectEntries(vault)) {
    const name = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : noteName(rel);
    if (!names.has(noteKey(name))) names.set(noteKey(name), name);
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b, 'es'));
}

async function readAttachment(vault: Vault, a: Attachment): Promise<ResolvedAttachment> {
  switch (a.kind) {
    case 'note':
      return { kind: 'note', ...(await readText(vault, a.path)) };
    case 'search':
      return {
        kind: 'search',
        query: a.query,
        notes: await Promise.all(a.paths.map((p) => readText(vault, p))),
      };
    case 'paste':
    case 'file':
    case 'url':
    case 'web':
      return a;
  }
}

async function readText(vault: Vault, path: string): Promise<ContextNote> {
  const note = await vault.readNote(path);
  return { path: note.path, text: note.content };
}

/** Paths under `03_Proyectos/`, relative to it. */
async function projectEntries(vault: Vault): Promise<string[]> {
  const { notes } = await vault.manifest();
  return notes.filter((n) => n.path.startsWith(PROJECTS)).map((n) => n.path.slice(PROJECTS.length));
}

/**
 * A project is the note `03_Proyectos/NOMBRE.md` and every note below the folder
 * `03_Proyectos/NOMBRE/` (Obsidian's "folder note" pattern keeps both), matched by name
 * NFC and case-insensitively; the note first, then the folder's notes by path.
 */
async function readProject(
  vault: Vault,
  wanted: string,
): Promise<{ name: string; notes: ContextNote[] }> {
  const key = noteKey(wanted.trim());
  const entries = await projectEntries(vault);
  const single = entries.filter((rel) => !rel.includes('/') && noteKey(noteName(rel)) === key);
  const inFolder = entries
    .filter((rel) => rel.includes('/') && noteKey(rel.slice(0, rel.indexOf('/'))) === key)
    .sort();
  const paths = [...single, ...inFolder];
  const first = paths[0];
  if (first === undefined) {
    const known = await listProjects(vault);
    const list = known.length > 0 ? `Proyectos: ${known.join(', ')}` : 'Aún no hay ninguno.';
    throw new ApiError(
      404,
      'unknown_project',
      `No existe el proyecto «${wanted}» en ${PROJECTS}. ${list}`,
    );
  }
  const name = first.includes('/') ? first.slice(0, first.indexOf('/')) : noteName(first);
  const notes = await Promise.all(paths.map((rel) => readText(vault, PROJECTS + rel)));
  return { name, notes };
}

/** The latest closing: dated names by name, newest first; mtime breaks ties and ranks the rest. */
export async function latestClosing(vault: Vault): Promise<ManifestEntry | null> {
  const { notes } = await vault.manifest();
  const closings = notes.filter(
    (n) => n.path.startsWith(CLOSINGS) && !n.path.slice(CLOSINGS.length).includes('/'),
  );
  return closings.sort(newestFirst)[0] ?? null;
}

async function readLatestClosing(vault: Vault): Promise<ContextNote> {
  const latest = await latestClosing(vault);
  if (!latest) {
    throw new ApiError(
      404,
      'no_closing',
      `Aún no hay ningún cierre de sesión en ${CLOSINGS}. Usa /cerrar al final de una sesión para crear uno.`,
    );
  }
  return readText(vault, latest.path);
}

function newestFirst(a: ManifestEntry, b: ManifestEntry): number {
  const [na, nb] = [noteName(a.path), noteName(b.path)];
  const [da, db] = [DATED.test(na), DATED.test(nb)];
  if (da !== db) return da ? -1 : 1;
  if (da && na !== nb) return na < nb ? 1 : -1;
  return b.mtime - a.mtime;
}
