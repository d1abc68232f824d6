import { lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../http/api-error.ts';

/**
 * THE one place that decides what lies inside the vault. Every read and write goes
 * through `normalizeVaultPath` / `resolveInVault`; the walker and the watcher use
 * `isHiddenName` so that what is never listed is also never served.
 */

/** Longest accepted vault-relative path, in UTF-16 units (well under every OS limit). */
const MAX_PATH_CHARS = 1024;
/** Longest file or folder name in UTF-8 bytes (ext4, APFS and NTFS all stop at 255). */
const MAX_SEGMENT_BYTES = 255;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
/**
 * Half of a UTF-16 surrogate pair with no other half (JSON allows `"\ud800"`). It has no
 * UTF-8 spelling, so the file system would store U+FFFD: the write would land under
 * another name than the one shown and signed.
 */
const LONE_SURROGATE_RE = /\p{Cs}/u;
/** One percent escape; any left after the one decode means double encoding. */
const ESCAPE_RE = /%[0-9a-f]{2}/i;
/** A run of escapes, decoded together so a multi-byte character stays whole. */
const ESCAPE_RUN_RE = /(?:%[0-9a-f]{2})+/gi;
/**
 * Characters Obsidian refuses in file names, which Windows reserves too: on NTFS
 * (a USB disk, a Syncthing peer) `a.md:evil` is a hidden stream of `a.md`.
 */
const RESERVED_IN_NEW_NAMES_RE = /[*"<>:|?]/;
const DRIVE_RE = /^[a-z]:/i;

/** Why a path was refused: the PWA words each as `error.invalid_path.<reason>`. */
export type InvalidPathReason =
  | 'not_text'
  | 'lone_surrogate'
  | 'bad_escape'
  | 'reserved_char'
  | 'too_long'
  | 'double_encoded'
  | 'control_chars'
  | 'unc'
  | 'absolute'
  | 'drive'
  | 'dot_segment'
  | 'hidden'
  | 'name_too_long'
  | 'symlink_escape'
  | 'symlink_loop'
  | 'broken_symlink'
  | 'hard_link'
  | 'no_file_name'
  | 'not_writable_type'
  | 'soma_log'
  | 'parent_is_file'
  | 'not_a_file';

/** Refuses a path: `reason` (+ params) for the UI, the Spanish `text` for API users and the CLI. */
export function invalidPath(
  reason: InvalidPathReason,
  text: string,
  params: Record<string, string> = {},
): never {
  throw new ApiError(400, 'invalid_path', `Ruta no válida: ${text}`, {
    params: { reason, ...params },
  });
}

/**
 * True for names hidden by convention (`.obsidian`, `.git`, `.soma`, `.trash`, `.x.md`).
 *
 * Rule: a name is hidden when it starts with ONE dot followed by something other than a
 * dot (or is exactly `.`). `..hidden.md` is therefore an ordinary name, and the segment
 * `..` itself is traversal, which `normalizeVaultPath` refuses on its own.
 */
export function isHiddenName(segment: string): boolean {
  return /^\.(?!\.)/.test(segment);
}

/**
 * True when the segment would mean "this folder" or "the parent" to some OS: Windows
 * drops trailing dots and spaces, so `..`, `.. `, `. .` and `...` all collapse to dots.
 */
function isDotSegment(segment: string): boolean {
  return segment.replace(/[. ]+$/, '') === '';
}

/**
 * Percent escapes (`%XX`) are decoded exactly once, for clients that encode paths; they
 * must spell valid UTF-8, so an overlong `%c0%ae` or a Latin-1 `%e9` is refused instead
 * of being kept as a literal name. An escape left after that one decode (`%252e`) is
 * refused too. A `%` not followed by two hex digits is an ordinary character
 * (`50% menos.md`).
 */
function decodeEscapesOnce(p: string): string {
  if (!ESCAPE_RE.test(p)) return p;
  let decoded: string;
  try {
    decoded = p.replace(ESCAPE_RUN_RE, (run) => decodeURIComponent(run));
  } catch {
    invalidPath('bad_escape', 'contiene una codificación % que no es UTF-8 válido');
  }
  if (ESCAPE_RE.test(decoded))
    invalidPath('double_encoded', 'contiene caracteres codificados dos veces');
  return decoded;
}

/** Options of {@link normalizeVaultPath} and {@link resolveInVault}. */
export interface VaultPathOptions {
  /**
   * The path names a file SOMA is about to create or write: no segment may contain
   * `* " < > : | ?`. Reads accept such names, which other programs may have made on Linux.
   */
  forWrite?: boolean;
}

/**
 * The canonical vault-relative path for `input`: `/`-separated, NFC, no leading or
 * trailing slash, '' for the root. Throws ApiError 400 `invalid_path` otherwise.
 * Percent escapes are decoded once (see `decodeEscapesOnce`).
 */
export function normalizeVaultPath(input: string, opts: VaultPathOptions = {}): string {
  if (typeof input !== 'string') invalidPath('not_text', 'no es texto');
  if (input.length > MAX_PATH_CHARS * 4) invalidPath('too_long', 'demasiado larga');
  if (LONE_SURROGATE_RE.test(input))
    invalidPath('lone_surrogate', 'contiene un carácter Unicode incompleto (un sustituto suelto)');
  let p = decodeEscapesOnce(input);
  if (CONTROL_RE.test(p)) invalidPath('control_chars', 'contiene caracteres de control');
  p = p.normalize('NFC').replaceAll('\\', '/');
  if (p.startsWith('//')) invalidPath('unc', 'las rutas de red (UNC) no están permitidas');
  if (p.startsWith('/')) invalidPath('absolute', 'debe ser relativa a la bóveda');
  if (DRIVE_RE.test(p)) invalidPath('drive', 'las rutas con unidad (C:) no están permitidas');
  const segments = p.split('/').filter((s) => s !== '');
  for (const seg of segments) {
    if (isDotSegment(seg))
      invalidPath('dot_segment', 'no puede contener «..» ni segmentos de puntos');
    if (isHiddenName(seg))
      invalidPath('hidden', `las carpetas y archivos ocultos («${seg}») no se sirven`, {
        name: seg,
      });
    if (new TextEncoder().encode(seg).length > MAX_SEGMENT_BYTES)
      invalidPath('name_too_long', 'nombre demasiado largo');
    if (opts.forWrite && RESERVED_IN_NEW_NAMES_RE.test(seg)) {
      invalidPath(
        'reserved_char',
        `«${seg}» contiene un carácter que Obsidian no admite en nombres (* " < > : | ?)`,
        { name: seg },
      );
    }
  }
  const rel = segments.join('/');
  if (rel.length > MAX_PATH_CHARS) invalidPath('too_long', 'demasiado larga');
  return rel;
}

/** True when some segment of the vault-relative `rel` is hidden (`a/.git/b`). */
export function isHiddenPath(rel: string): boolean {
  return rel.split('/').some(isHiddenName);
}

/**
 * `abs` as a path relative to `root`: `/`-separated, NFC, '' for the root itself; null
 * when `abs` is not below `root`. For paths that come from the disk (the watcher, the
 * walker), not from a client: those go through `normalizeVaultPath`.
 */
export function relativeVaultPath(root: string, abs: string): string | null {
  const rel = path.relative(root, abs);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/').normalize('NFC');
}

/** True when the real (symlink-free) path `real` is the real root or below it, and not hidden. */
export function isInsideRealRoot(realRoot: string, real: string): boolean {
  const rel = relativeVaultPath(realRoot, real);
  return rel !== null && !isHiddenPath(rel);
}

function errCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

/**
 * Follows symlinks from `abs` (or its deepest existing ancestor) and refuses when the
 * real location leaves the real vault root or enters a hidden folder. A dangling symlink
 * is refused too: writing through it would create a file wherever it points.
 * Returns whether `abs` itself exists.
 */
export async function assertRealPathInside(root: string, abs: string): Promise<boolean> {
  const realRoot = await realpath(root);
  let probe = abs;
  let exists = true;
  for (;;) {
    try {
      const real = await realpath(probe);
      if (!isInsideRealRoot(realRoot, real)) {
        invalidPath('symlink_escape', 'sale de la bóveda a través de un enlace simbólico');
      }
      return exists;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const code = errCode(err);
      if (code === 'ELOOP') invalidPath('symlink_loop', 'bucle de enlaces simbólicos');
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const linkExists = await lstat(probe).then(
        () => true,
        () => false,
      );
      if (linkExists) invalidPath('broken_symlink', 'enlace simbólico roto');
    }
    exists = false;
    const parent = path.dirname(probe);
    if (parent === probe) return false;
    probe = parent;
  }
}

/**
 * Refuses to write to a file that has other names (`nlink > 1`): an append would land in
 * the other name too, which may lie outside the vault or be another note, as a symlink
 * would. Called with the file's stat at proposal and again by the writer.
 */
export function assertSingleLink(rel: string, st: { nlink: number }): void {
  if (st.nlink > 1)
    invalidPath('hard_link', `«${rel}» tiene otros nombres (enlaces duros)`, { path: rel });
}

/**
 * `rel` (NFC) as spelled on disk under `root`. A vault synced from a Mac may store names
 * in NFD: a segment missing under its NFC spelling is looked up among its folder's
 * entries by NFC form, so reads and writes reach the user's file instead of creating a
 * twin next to it. Segments that exist in no form keep their NFC spelling (new files).
 */
async function diskSpelling(root: string, rel: string): Promise<string> {
  const exists = (p: string) =>
    lstat(p).then(
      () => true,
      () => false,
    );
  const direct = path.join(root, ...rel.split('/'));
  if (rel === '' || (await exists(direct))) return direct;
  let dir = root;
  for (const seg of rel.split('/')) {
    const exact = path.join(dir, seg);
    if (await exists(exact)) {
      dir = exact;
      continue;
    }
    const names = await readdir(dir).catch(() => [] as string[]);
    const twin = names.find((name) => name !== seg && name.normalize('NFC') === seg);
    dir = path.join(dir, twin ?? seg);
  }
  return dir;
}

/**
 * Normalizes `input` and locates it under `root` (absolute, spelled as on disk), refusing
 * symlink escapes; `exists` says whether something is there.
 * With `mustExist`, a missing file is ApiError 404 `not_found`.
 */
export async function resolveInVault(
  root: string,
  input: string,
  opts: VaultPathOptions & { mustExist?: boolean } = {},
): Promise<{ rel: string; abs: string; exists: boolean }> {
  const rel = normalizeVaultPath(input, opts);
  const abs = await diskSpelling(root, rel);
  const exists = await assertRealPathInside(root, abs);
  if (opts.mustExist && !exists) {
    throw new ApiError(404, 'not_found', `No existe «${rel}» en la bóveda`);
  }
  return { rel, abs, exists };
}
