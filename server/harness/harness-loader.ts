import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
// The Spanish locale alone: `zod/locales` loads all of zod's ~50 locales at start-up.
import es from 'zod/v4/locales/es.js';
import { type Harness, HarnessSchema } from '../../harness/schema.ts';
import { locateJsonError } from './json-error.ts';

/** Why a harness file was refused; `message` is the full Spanish text shown to the user. */
export interface HarnessError {
  kind: 'missing' | 'unreadable' | 'json' | 'schema';
  file: string;
  message: string;
}

export type HarnessResult = { ok: true; harness: Harness } | { ok: false; error: HarnessError };

/** How many schema problems one message lists: the first few are enough to start fixing. */
const MAX_ISSUES = 5;

/** Reads and validates a harness file; never throws for a bad or missing file. */
export async function loadHarness(file: string): Promise<HarnessResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT';
    const message = missing
      ? 'no se encuentra el archivo del arnés'
      : `no se puede leer el archivo (${code ?? String(err)})`;
    return fail(missing ? 'missing' : 'unreadable', file, message);
  }
  return parseHarness(text, file);
}

/** Validates harness text; `file` only names the source in error messages. */
export function parseHarness(text: string, file: string): HarnessResult {
  // Some Windows editors prepend a byte-order mark, which JSON.parse refuses.
  const source = text.replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (err) {
    const found = locateJsonError(source);
    const where = found ? `línea ${found.line}, columna ${found.column}: ` : '';
    const why = found?.reason ?? (err as Error).message;
    return fail('json', file, `${where}JSON inválido: ${why}`);
  }
  // The Spanish locale is only the fallback for codes formatIssue does not phrase itself.
  const result = HarnessSchema.safeParse(data, { error: es().localeError, reportInput: true });
  if (result.success) return { ok: true, harness: result.data };
  const issues = result.error.issues.slice(0, MAX_ISSUES).map(formatIssue);
  const more = result.error.issues.length - issues.length;
  if (more > 0) issues.push(`y ${more} problema(s) más`);
  return fail('schema', file, issues.join('; '));
}

function fail(kind: HarnessError['kind'], file: string, detail: string): HarnessResult {
  return { ok: false, error: { kind, file, message: `${displayName(file)}: ${detail}` } };
}

/** The file as the user knows it: relative to the working directory when inside it. */
export function displayName(file: string): string {
  const rel = path.relative(process.cwd(), file);
  const outside = rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  return rel && !outside ? rel : file;
}

/** `$.providers[0].models`, as editors and jq show paths. */
export function jsonPath(keys: readonly PropertyKey[]): string {
  return keys.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$-]*$/.test(name) ? `${acc}.${name}` : `${acc}[${JSON.stringify(name)}]`;
  }, '$');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'texto (string)',
  number: 'número',
  int: 'número entero',
  boolean: 'verdadero o falso (boolean)',
  object: 'objeto',
  array: 'lista (array)',
  null: 'null',
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'number';
  return typeof value;
}

const KEY_LIKE = /key|secret|token|password|clave/i;

/** One zod issue in Spanish, prefixed by its JSON path. */
export function formatIssue(issue: z.core.$ZodIssue): string {
  return `${jsonPath(issue.path)}: ${describeIssue(issue)}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'falta este campo obligatorio';
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      const got = TYPE_NAMES[typeOf(issue.input)] ?? typeOf(issue.input);
      return `se esperaba ${expected}, llegó ${got.replace(/ \(.*\)$/, '')}`;
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = small ? issue.minimum : issue.maximum;
      if (issue.origin === 'string' && small && limit === 1) return 'no puede estar vacío';
      if (issue.origin === 'array' && small && limit === 1) return 'la lista no puede estar vacía';
      const unit = { string: ' caracteres', array: ' elementos' }[issue.origin as string] ?? '';
      const bound = small ? 'al menos' : 'como mucho';
      return `debe tener ${bound} ${String(limit)}${unit}${unit ? '' : ` (llegó ${String(issue.input)})`}`;
    }
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `«${k}»`).join(', ');
      const hint = issue.keys.some((k) => KEY_LIKE.test(k))
        ? ' (las claves de API no van en el arnés: indica en apiKeyEnv el nombre de la variable de entorno)'
        : '';
      return `${issue.keys.length > 1 ? 'claves desconocidas' : 'clave desconocida'} ${keys}${hint}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v)).join(', ');
      return `valor no válido ${JSON.stringify(issue.input)}; se esperaba ${issue.values.length > 1 ? `uno de: ${values}` : values}`;
    }
    case 'invalid_format':
      if (issue.format === 'url')
        return `no es una URL http(s) válida: ${JSON.stringify(issue.input)}`;
      return `formato no válido ${JSON.stringify(issue.input)}: ${issue.message}`;
    case 'invalid_key':
      return `nombre no válido «${String(issue.input)}»: ${issue.issues[0]?.message ?? issue.message}`;
    default:
      // custom issues carry our own Spanish text; the rest fall back to zod's Spanish locale.
      return issue.message;
  }
}
