import type { z } from 'zod';
import {
  type HarnessIssue,
  type HarnessIssueCode,
  harnessIssueCodes,
  harnessValueKinds,
} from '../../common/harness-problem.ts';

/** `$.providers[0].models`, as editors and jq show paths. */
export function jsonPath(keys: readonly PropertyKey[]): string {
  return keys.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$-]*$/.test(name) ? `${acc}.${name}` : `${acc}[${JSON.stringify(name)}]`;
  }, '$');
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'number';
  return typeof value;
}

const KNOWN_KINDS = new Set<string>(harnessValueKinds);
const kind = (name: string) => (KNOWN_KINDS.has(name) ? name : 'other');

const KEY_LIKE = /key|secret|token|password|clave/i;
const CODES = new Set<string>(harnessIssueCodes);

/** A value as the user wrote it, short enough for one line. */
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/**
 * One zod issue of the harness as a code and parameters. The harness's own checks name
 * their code (a regex's message, a custom issue's `params.code`); anything else zod says
 * becomes `other` with its message.
 */
export function harnessIssue(issue: z.core.$ZodIssue): HarnessIssue {
  const at = (code: HarnessIssueCode, params: HarnessIssue['params'] = {}): HarnessIssue => ({
    path: jsonPath(issue.path),
    code,
    params,
  });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return at('required');
      return at('type', { expected: kind(issue.expected), got: kind(kindOf(issue.input)) });
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = Number(small ? issue.minimum : issue.maximum);
      if (issue.origin === 'string' && small && limit === 1) return at('empty');
      if (issue.origin === 'array' && small && limit === 1) return at('empty_list');
      const unit =
        ({ string: 'chars', array: 'items' } as Record<string, string>)[issue.origin] ?? '';
      return at(issue.code, { limit, unit, got: unit ? '' : shown(issue.input) });
    }
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `«${k}»`).join(', ');
      if (issue.keys.some((k) => KEY_LIKE.test(k))) return at('secret_key', { keys });
      return at(issue.keys.length > 1 ? 'unknown_keys' : 'unknown_key', { keys });
    }
    case 'invalid_value':
      return at('invalid_value', {
        input: shown(issue.input),
        values: issue.values.map((v) => JSON.stringify(v)).join(', '),
        count: issue.values.length,
      });
    case 'invalid_format':
      if (issue.format === 'url') return at('invalid_url', { input: shown(issue.input) });
      if (CODES.has(issue.message)) return at(issue.message as HarnessIssueCode);
      return at('invalid_format', { input: shown(issue.input) });
    case 'invalid_key':
      return at('invalid_key', { input: String(issue.input) });
    case 'custom': {
      const { code, ...params } = (issue.params ?? {}) as Record<string, string | number>;
      if (typeof code === 'string' && CODES.has(code)) return at(code as HarnessIssueCode, params);
      return at('other', { message: issue.message });
    }
    default:
      return at('other', { message: issue.message });
  }
}

const TYPE_ES: Record<string, string> = {
  string: 'texto (string)',
  number: 'número',
  int: 'número entero',
  boolean: 'verdadero o falso (boolean)',
  object: 'objeto',
  array: 'lista (array)',
  null: 'null',
  other: 'otro valor',
};

/** One harness issue in Spanish, prefixed by its path: the terminal's and the log's words. */
export function harnessIssueText(issue: HarnessIssue): string {
  return `${issue.path}: ${issueTextEs(issue)}`;
}

function issueTextEs({ code, params: p }: HarnessIssue): string {
  const s = (key: string) => String(p[key] ?? '');
  switch (code) {
    case 'required':
      return 'falta este campo obligatorio';
    case 'type':
      return `se esperaba ${TYPE_ES[s('expected')]}, llegó ${TYPE_ES[s('got')]?.replace(/ \(.*\)$/, '')}`;
    case 'empty':
      return 'no puede estar vacío';
    case 'empty_list':
      return 'la lista no puede estar vacía';
    case 'too_small':
    case 'too_big': {
      const unit = { chars: ' caracteres', items: ' elementos' }[s('unit')] ?? '';
      const bound = code === 'too_small' ? 'al menos' : 'como mucho';
      return `debe tener ${bound} ${s('limit')}${unit}${unit ? '' : ` (llegó ${s('got')})`}`;
    }
    case 'unknown_key':
      return `clave desconocida ${s('keys')}`;
    case 'unknown_keys':
      return `claves desconocidas ${s('keys')}`;
    case 'secret_key':
      return `clave desconocida ${s('keys')} (las claves de API no van en el arnés: indica en apiKeyEnv el nombre de la variable de entorno)`;
    case 'invalid_value':
      return `valor no válido ${s('input')}; se esperaba ${Number(p.count) > 1 ? `uno de: ${s('values')}` : s('values')}`;
    case 'invalid_url':
      return `no es una URL http(s) válida: ${s('input')}`;
    case 'invalid_format':
      return `formato no válido ${s('input')}`;
    case 'invalid_key':
      return `nombre no válido «${s('input')}»`;
    case 'id_chars':
      return 'solo minúsculas sin tildes, cifras, «_» y «-»';
    case 'env_name':
      return 'debe ser el nombre de una variable de entorno (p. ej. GROQ_API_KEY), nunca la clave';
    case 'one_word':
      return 'una sola palabra, sin espacios ni signos';
    case 'md_note':
      return 'una nota .md';
    case 'file_name':
      return 'nombre de archivo sin carpetas';
    case 'no_profiles':
      return 'hace falta al menos un perfil';
    case 'unknown_profile':
      return `no existe el perfil «${s('profile')}»; perfiles: ${s('profiles')}`;
    case 'duplicate_id':
      return `id repetido «${s('id')}»`;
    case 'unknown_provider':
      return `no existe el proveedor «${s('provider')}»; proveedores: ${s('providers')}`;
    case 'over_context':
      return 'no puede superar limits.contextChars';
    case 'looks_like_key':
      return 'parece una clave de API: las claves van en variables de entorno, no en el arnés';
    default:
      return s('message');
  }
}
