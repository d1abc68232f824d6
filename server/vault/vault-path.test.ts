import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import {
  isHiddenName,
  isInsideRealRoot,
  normalizeVaultPath,
  relativeVaultPath,
  resolveInVault,
} from './vault-path.ts';

const ACCEPTED: Array<[string, string]> = [
  ['', ''],
  ['nota.md', 'nota.md'],
  ['00_Entrada/Bienvenida.md', '00_Entrada/Bienvenida.md'],
  ['00_Entrada/', '00_Entrada'],
  ['a//b///c.md', 'a/b/c.md'],
  ['a\\b\\c.md', 'a/b/c.md'],
  ['folder/notes..md', 'folder/notes..md'],
  ['..hidden.md', '..hidden.md'],
  ['a/...b', 'a/...b'],
  ['04_Suen\u0303os/nota.md', '04_Sueños/nota.md'],
  ['04_Sueños', '04_Sueños'],
  ['04_Sue%C3%B1os/x.md', '04_Sueños/x.md'],
  ['mi%20nota.md', 'mi nota.md'],
  ['50% menos.md', '50% menos.md'],
  ['100%.md', '100%.md'],
  ['50%25 menos.md', '50% menos.md'],
  ['caf%C3%A9/%F0%9F%8E%89.md', 'café/🎉.md'],
  ['a/b.c/d.md', 'a/b.c/d.md'],
  ['nota con espacios.md', 'nota con espacios.md'],
  [' espacio.md', ' espacio.md'],
  ['emoji 🎉.md', 'emoji 🎉.md'],
  // Read as they are on disk; only names SOMA writes refuse `:` and the rest (WRITE_REFUSED).
  ['Reunión: plan.md', 'Reunión: plan.md'],
  ['a.md:evil', 'a.md:evil'],
  ['x'.repeat(255), 'x'.repeat(255)],
  [`${'a/'.repeat(500)}b`, `${'a/'.repeat(500)}b`],
];

const REJECTED: string[] = [
  '..',
  '../x.md',
  'a/../b.md',
  'a/..',
  '%2e%2e',
  '%2e%2e/etc/passwd',
  '%2E%2e/',
  '.%2e/x',
  '%252e%252e/x',
  '%252f',
  'a%2f..%2fb',
  '..\\x',
  'a\\..\\b',
  '.. /x',
  'a/.. ',
  'a/. ./b',
  '...',
  '.',
  './a.md',
  ' ',
  '/etc/passwd',
  '/00_Entrada/x.md',
  'C:/x',
  'c:\\x',
  'C:',
  'a:b.md',
  '/',
  '\\\\server\\share',
  '//server/share',
  'a\u0000b',
  'a%00b',
  'a\nb.md',
  'a\tb.md',
  'x\u007f.md',
  '.obsidian',
  '.obsidian/app.json',
  'a/.git/config',
  '.soma/state.json',
  '.trash/borrada.md',
  'a/.x.md',
  '%2eobsidian/app.json',
  // Overlong UTF-8 for `.` and `/`, lone and truncated bytes, a surrogate: refused, never kept literally.
  '%c0%ae%c0%ae/',
  '%c0%ae%c0%ae/x.md',
  '%e0%80%ae',
  '%c0%af',
  'caf%e9.md',
  '%C3',
  '%ED%A0%80',
  '%2541',
  '50% menos %252e.md',
  // A lone UTF-16 surrogate (JSON allows `"\ud800"`) has no UTF-8 spelling: the disk would get U+FFFD.
  'notas/\ud800x.md',
  '\udc00.md',
  'a/b\ud83c',
  '\udf89\ud83c.md',
  '%41\ud800',
  `${'a/'.repeat(512)}b`,
  'x'.repeat(256),
  'ñ'.repeat(128),
];

/** Accepted for reading, refused as the name of a file SOMA writes: Obsidian's forbidden set. */
const WRITE_REFUSED: string[] = [
  'a.md:evil',
  'Reunión: plan.md',
  'dentro/a:b/x.md',
  '¿Qué?.md',
  'x*.md',
  'say "hi".md',
  '<script>.md',
  'a>b.md',
  'a|b.md',
  'nota%3Aevil.md',
];

function rejects(input: string): boolean {
  try {
    normalizeVaultPath(input);
    return false;
  } catch (err) {
    return err instanceof ApiError && err.code === 'invalid_path' && err.status === 400;
  }
}

describe('vault-path', () => {
  it.each(ACCEPTED)('accepts %j as %j', (input, expected) => {
    expect(normalizeVaultPath(input)).toBe(expected);
  });

  it.each(REJECTED.map((s) => [s]))('rejects %j with invalid_path', (input) => {
    expect(rejects(input)).toBe(true);
  });

  it.each(WRITE_REFUSED.map((s) => [s]))('refuses %j as the name of a write', (input) => {
    expect(() => normalizeVaultPath(input, { forWrite: true })).toThrow(ApiError);
    expect(() => normalizeVaultPath(input)).not.toThrow();
  });

  it('names a lone surrogate as its own reason, and keeps a paired one (an emoji)', () => {
    expect(() => normalizeVaultPath('notas/\ud800x.md')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_path',
        params: { reason: 'lone_surrogate' },
      }),
    );
    expect(normalizeVaultPath('notas/\ud83c\udf89.md')).toBe('notas/🎉.md');
  });

  it('treats a decomposed name as equal to the precomposed one', () => {
    expect(normalizeVaultPath('04_Suen\u0303os')).toBe(normalizeVaultPath('04_Sue\u00f1os'));
  });

  it('calls hidden only names with one leading dot', () => {
    expect(['.obsidian', '.git', '.x.md', '.'].map(isHiddenName)).toEqual([true, true, true, true]);
    expect(['..hidden.md', 'nota.md', 'a.b', ''].map(isHiddenName)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('returns only safe canonical paths for any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc
            .array(
              fc.constantFrom(
                '..',
                '.',
                '%2e',
                '%25',
                '\\',
                '/',
                'a',
                'ñ',
                ' ',
                '\u0000',
                ':',
                'C',
              ),
            )
            .map((parts) => parts.join('')),
        ),
        (input) => {
          let out: string;
          try {
            out = normalizeVaultPath(input);
          } catch (err) {
            return err instanceof ApiError && err.code === 'invalid_path';
          }
          if (out === '') return true;
          const segments = out.split('/');
          return (
            segments.every((s) => s !== '..' && s !== '' && !isHiddenName(s)) &&
            !out.includes('\\') &&
            !out.includes('\u0000') &&
            path.posix.normalize(out) === out &&
            !path.posix.isAbsolute(out)
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('vault-path properties', () => {
  const pathLike = fc
    .array(
      fc.constantFrom(
        '%',
        '%2',
        '%25',
        '%c0',
        '%ae',
        '%C3%B1',
        '%3a',
        ':',
        '?',
        '*',
        'a',
        '.',
        '/',
        'é',
      ),
    )
    .map((parts) => parts.join(''));

  it('decodes once: a normalized path normalizes to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), pathLike), (input) => {
        let out: string;
        try {
          out = normalizeVaultPath(input);
        } catch {
          return true;
        }
        return normalizeVaultPath(out) === out;
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses any path holding a lone surrogate, wherever it sits', () => {
    const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(fc.string(), lone, fc.string(), (before, surrogate, after) => {
        // Only a surrogate left unpaired by its neighbours counts as lone.
        const input = `${before.replace(/\p{Cs}/gu, '')}${surrogate}x${after.replace(/\p{Cs}/gu, '')}`;
        try {
          normalizeVaultPath(input);
          return false;
        } catch (err) {
          return err instanceof ApiError && err.code === 'invalid_path';
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('returns well-formed Unicode for any input, halves of pairs included', () => {
    const half = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
    const mixed = fc
      .array(fc.oneof(half, fc.constantFrom('🎉', 'a', '/', 'ñ', '%41')))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), mixed, pathLike), (input) => {
        try {
          return !/\p{Cs}/u.test(normalizeVaultPath(input));
        } catch (err) {
          return err instanceof ApiError && err.code === 'invalid_path';
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never returns a name with * " < > : | ? for a write', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), pathLike), (input) => {
        try {
          return !/[*"<>:|?]/.test(normalizeVaultPath(input, { forWrite: true }));
        } catch (err) {
          return err instanceof ApiError && err.code === 'invalid_path';
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resolveInVault', () => {
  let base: string;
  let root: string;
  let outside: string;

  beforeAll(async () => {
    base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'soma-vp-')));
    root = path.join(base, 'vault');
    outside = path.join(base, 'outside');
    await mkdir(path.join(root, 'dentro'), { recursive: true });
    await mkdir(path.join(root, '.obsidian'), { recursive: true });
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(root, 'dentro', 'nota.md'), '# hola');
    await writeFile(path.join(root, '.obsidian', 'app.json'), '{}');
    await writeFile(path.join(outside, 'secreto.md'), 'secreto');
    await symlink(outside, path.join(root, 'fuera'));
    await symlink(os.tmpdir(), path.join(root, 'tmp'));
    await symlink(path.join(root, 'dentro'), path.join(root, 'atajo'));
    await symlink(path.join(root, '.obsidian'), path.join(root, 'config'));
    await symlink(path.join(outside, 'no-existe.md'), path.join(root, 'roto.md'));
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('returns the normalized and absolute path of an existing note', async () => {
    const r = await resolveInVault(root, 'dentro\\nota.md', { mustExist: true });
    expect(r).toEqual({
      rel: 'dentro/nota.md',
      abs: path.join(root, 'dentro', 'nota.md'),
      exists: true,
    });
  });

  it('accepts a missing file under an existing folder unless it must exist', async () => {
    await expect(resolveInVault(root, 'dentro/nueva/x.md')).resolves.toMatchObject({
      rel: 'dentro/nueva/x.md',
      exists: false,
    });
    await expect(resolveInVault(root, 'dentro/x.md', { mustExist: true })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  it('refuses symlinks that lead outside the vault, existing or not', async () => {
    for (const p of ['fuera/secreto.md', 'fuera/nueva.md', 'tmp', 'tmp/x.md']) {
      await expect(resolveInVault(root, p)).rejects.toMatchObject({ code: 'invalid_path' });
    }
  });

  it('refuses a dangling symlink and a symlink into a hidden folder', async () => {
    await expect(resolveInVault(root, 'roto.md')).rejects.toMatchObject({ code: 'invalid_path' });
    await expect(resolveInVault(root, 'config/app.json')).rejects.toMatchObject({
      code: 'invalid_path',
    });
  });

  it('accepts a symlink that stays inside the vault', async () => {
    const r = await resolveInVault(root, 'atajo/nota.md', { mustExist: true });
    expect(r.rel).toBe('atajo/nota.md');
  });
});

describe('relativeVaultPath and isInsideRealRoot', () => {
  const root = path.join(path.sep, 'home', 'u', 'vault');
  const at = (...segs: string[]) => path.join(root, ...segs);

  it('gives the vault path of a file on disk, NFC and /-separated, or null outside', () => {
    expect(relativeVaultPath(root, root)).toBe('');
    expect(relativeVaultPath(root, at('04_Suen\u0303os', 'nota.md'))).toBe('04_Sueños/nota.md');
    expect(relativeVaultPath(root, at('..hidden.md'))).toBe('..hidden.md');
    expect(relativeVaultPath(root, path.dirname(root))).toBeNull();
    expect(relativeVaultPath(root, `${root}-otra/nota.md`)).toBeNull();
    expect(relativeVaultPath(root, at('..', 'fuera.md'))).toBeNull();
  });

  it('accepts the root and what lies below it, except hidden folders and files', () => {
    expect(isInsideRealRoot(root, root)).toBe(true);
    expect(isInsideRealRoot(root, at('a', 'b.md'))).toBe(true);
    expect(isInsideRealRoot(root, at('a', '.git', 'config'))).toBe(false);
    expect(isInsideRealRoot(root, at('.obsidian'))).toBe(false);
    expect(isInsideRealRoot(root, `${root}-otra`)).toBe(false);
    expect(isInsideRealRoot(root, path.dirname(root))).toBe(false);
  });
});
