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
/** Encoded dots, slashes, backslashes or NUL left after one decode mean double encoding. */
const ENCODED_RE = /%(2e|2f|5c|00)/i;
const DRIVE_RE = /^[a-z]:/i;

/** Why a path was refused: the PWA words each as `error.invalid_path.<reason>`. */
export type InvalidPathReason =
  | 'not_text'
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
  throw new ApiError(400, 'invalid_path', `Ruta no válida: ${text}`, { reason, ...params });
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
 * The canonical vault-relative path for `input`: `/`-separated, NFC, no leading or
 * trailing slash, '' for the root. Throws ApiError 400 `invalid_path` otherwise.
 *
 * A `%` triggers exactly one percent-decode (clients may send encoded paths); a `%`
 * that does not decode is kept literally (`50% menos.md`). Anything still encoded
 * after that one decode (`%252e`) is refused rather than guessed at.
 */
export function normalizeVaultPath(input: string): string {
  if (typeof input !== 'string') invalidPath('not_text', 'no es texto');
  if (input.length > MAX_PATH_CHARS * 4) invalidPath('too_long', 'demasiado larga');
  let p = input;
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      // Not valid percent-encoding: the `%` is part of the name.
    }
    if (ENCODED_RE.test(p))
      invalidPath('double_encoded', 'contiene caracteres codificados dos veces');
  }
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
  }
  const rel = segments.join('/');
  if (rel.length > MAX_PATH_CHARS) invalidPath('too_long', 'demasiado larga');
  return rel;
}

function isInside(realRoot: string, real: string): boolean {
  return (
    real === realRoot ||
    real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep)
  );
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
      const relReal = path.relative(realRoot, real);
      if (!isInside(realRoot, real) || relReal.split(path.sep).some(isHiddenName)) {
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
 * symlink escapes.
 * With `mustExist`, a missing file is ApiError 404 `not_found`.
 */
export async function resolveInVault(
  root: string,
  input: string,
  opts: { mustExist?: boolean } = {},
): Promise<{ rel: string; abs: string }> {
  const rel = normalizeVaultPath(input);
  const abs = await diskSpelling(root, rel);
  const exists = await assertRealPathInside(root, abs);
  if (opts.mustExist && !exists) {
    throw new ApiError(404, 'not_found', `No existe «${rel}» en la bóveda`);
  }
  return { rel, abs };
}
