import { wordPart } from './word-part.ts';

/**
 * The words of a refused harness edit (the banner and the problem's details), in Spanish.
 * Apart from `es.ts`: the first page does not carry them, they load with the banner.
 */
export const harnessEs = {
  'harness.invalid':
    'El último cambio del arnés ({file}) no es válido y no se aplicó; sigue activo el anterior. {error}',
  'harness.problem.missing': 'no se encuentra el archivo del arnés',
  'harness.problem.unreadable': 'no se puede leer el archivo ({errno})',
  'harness.problem.json': 'línea {line}, columna {column}: JSON inválido: {reason}',
  'harness.problem.jsonNowhere': 'JSON inválido: {reason}',
  'harness.problem.more': 'y {count} problema(s) más',
  'harness.json.expected': 'se esperaba {expected} y se encontró {found}',
  'harness.json.expect.value':
    'un valor (texto entre comillas dobles, número, objeto, lista, true, false o null)',
  'harness.json.expect.name': 'un nombre de campo entre comillas dobles',
  'harness.json.expect.colon': '«:»',
  'harness.json.expect.comma_or_close': '«,» o «{close}»',
  'harness.json.expect.end': 'el final del archivo',
  'harness.json.foundEnd': 'el final del archivo',
  'harness.json.trailing_comma': 'sobra la coma antes de «{close}»',
  'harness.json.bad_escape': 'secuencia de escape no válida en un texto',
  'harness.json.control_char': 'salto de línea o carácter de control dentro de un texto (usa \\n)',
  'harness.json.unclosed_string': 'texto sin cerrar: falta la comilla final',
  'harness.json.other': '{message}',
  'harness.type.string': 'texto (string)',
  'harness.type.number': 'número',
  'harness.type.int': 'número entero',
  'harness.type.boolean': 'verdadero o falso (boolean)',
  'harness.type.object': 'objeto',
  'harness.type.array': 'lista (array)',
  'harness.type.null': 'null',
  'harness.type.other': 'otro valor',
  'harness.issue.at': '{path}: {problem}',
  'harness.issue.required': 'falta este campo obligatorio',
  'harness.issue.type': 'se esperaba {expected}, llegó {got}',
  'harness.issue.empty': 'no puede estar vacío',
  'harness.issue.empty_list': 'la lista no puede estar vacía',
  'harness.issue.too_small.chars': 'debe tener al menos {limit} caracteres',
  'harness.issue.too_small.items': 'debe tener al menos {limit} elementos',
  'harness.issue.too_small.value': 'debe ser al menos {limit} (llegó {got})',
  'harness.issue.too_big.chars': 'debe tener como mucho {limit} caracteres',
  'harness.issue.too_big.items': 'debe tener como mucho {limit} elementos',
  'harness.issue.too_big.value': 'debe ser como mucho {limit} (llegó {got})',
  'harness.issue.unknown_key': 'clave desconocida {keys}',
  'harness.issue.unknown_keys': 'claves desconocidas {keys}',
  'harness.issue.secret_key':
    'clave desconocida {keys} (las claves de API no van en el arnés: indica en apiKeyEnv el nombre de la variable de entorno)',
  'harness.issue.invalid_value': 'valor no válido {input}; se esperaba {values}',
  'harness.issue.invalid_value.many': 'valor no válido {input}; se esperaba uno de: {values}',
  'harness.issue.invalid_url': 'no es una URL http(s) válida: {input}',
  'harness.issue.invalid_format': 'formato no válido {input}',
  'harness.issue.invalid_key': 'nombre no válido «{input}»',
  'harness.issue.id_chars': 'solo minúsculas sin tildes, cifras, «_» y «-»',
  'harness.issue.env_name':
    'debe ser el nombre de una variable de entorno (p. ej. GROQ_API_KEY), nunca la clave',
  'harness.issue.one_word': 'una sola palabra, sin espacios ni signos',
  'harness.issue.md_note': 'una nota .md',
  'harness.issue.file_name': 'nombre de archivo sin carpetas',
  'harness.issue.no_profiles': 'hace falta al menos un perfil',
  'harness.issue.unknown_profile': 'no existe el perfil «{profile}»; perfiles: {profiles}',
  'harness.issue.duplicate_id': 'id repetido «{id}»',
  'harness.issue.unknown_provider': 'no existe el proveedor «{provider}»; proveedores: {providers}',
  'harness.issue.over_context': 'no puede superar limits.contextChars',
  'harness.issue.looks_like_key':
    'parece una clave de API: las claves van en variables de entorno, no en el arnés',
  'harness.issue.other': '{message}',
} as const;

/** The harness words' shape: every language provides the same keys as `harnessEs`. */
export type HarnessMessages = { readonly [K in keyof typeof harnessEs]: string };
export type HarnessKey = keyof HarnessMessages;

/** These words as a part of the dictionary that loads apart from the main one. */
export const harnessPart = wordPart(
  harnessEs,
  async () => (await import('./harness-en.ts')).harnessEn,
);
