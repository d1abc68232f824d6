/**
 * THE command table (docs/PRODUCT.md, "Commands") and the parser of the chat box. Shared by
 * the server and the PWA, so no Node imports. Every command answers to its Spanish name,
 * the seed's three-letter alias and its English name, typed as `/name` or `--name`.
 *
 * Syntax, decided here once:
 * - A command is `/` or `--`, a name starting with a letter, then (after whitespace) its
 *   argument: everything after the name, trimmed, newlines included (so `/conectar` can
 *   carry a pasted text). Names ignore case and accents (`/RESUMÍR` is `/resumir`).
 * - `/unir` takes one or more notes, separated by commas or each in quotes (`"…"`,
 *   `“…”`, `«…»`): `/unir Mi tesis, Idea` and `/unir "03_Proyectos/Mi tesis.md" otra`
 *   both give two. Unquoted spaces stay in the name, because note names have spaces.
 * - A text that should start with `/` is sent as `//texto` (one slash is removed) or with a
 *   leading space. `/` or `--` followed by anything but a letter (`---`, `/ 2`) is plain text.
 */
import { foldText } from './fold-text.ts';

/** What a command takes after its name. `path` is one vault path, `paths` one or more. */
export type ArgSpec = 'none' | 'text' | 'optional' | 'path' | 'paths';

export interface CommandDef {
  readonly id: string;
  /** Spanish name without prefix (`buscar`); the canonical spelling. */
  readonly es: string;
  /** The seed's three-letter alias (`bus`). */
  readonly alias: string;
  readonly en: string;
  readonly arg: ArgSpec;
  /** The argument's placeholder for help and autocompletion, null when there is none. */
  readonly argName: { readonly es: string; readonly en: string } | null;
  /** i18n key of the description (`command.buscar`) for UIs with their own dictionary. */
  readonly descriptionKey: string;
  readonly description: { readonly es: string; readonly en: string };
  /** Typed with the Spanish names, as the seed's users type it (the `soma` command shows it too). */
  readonly example: string;
  /** The same example typed with the English names, for the English help table. */
  readonly exampleEn: string;
}

const def = (
  es: string,
  alias: string,
  en: string,
  arg: ArgSpec,
  argName: [string, string] | null,
  description: [string, string],
  example: string,
  exampleEn: string,
): CommandDef => ({
  id: es,
  es,
  alias,
  en,
  arg,
  argName: argName && { es: argName[0], en: argName[1] },
  descriptionKey: `command.${es}`,
  description: { es: description[0], en: description[1] },
  example,
  exampleEn,
});

/** Every command, in the order of the help table. */
// biome-ignore format: one row per command, like a table.
export const COMMANDS: readonly CommandDef[] = [
  def('web', 'web', 'web', 'text', ['CONSULTA', 'QUERY'], ['Busca en la web', 'Search the web'], '/web últimos estudios sobre el sueño', '/web latest studies on sleep'),
  def('extraer', 'ext', 'extract', 'text', ['URL', 'URL'], ['Adjunta el texto de una página', "Attach a page's text"], '/extraer https://es.wikipedia.org/wiki/Memoria', '/extract https://en.wikipedia.org/wiki/Memory'),
  def('buscar', 'bus', 'search', 'text', ['TÉRMINO', 'TERM'], ['Busca en la bóveda y adjunta notas; con --modelo, el modelo propone otras consultas', 'Search the vault and attach notes; with --model, the model proposes other queries'], '/buscar memoria de trabajo', '/search working memory'),
  def('conectar', 'con', 'paste', 'optional', ['TEXTO', 'TEXT'], ['Adjunta texto pegado', 'Attach pasted text'], '/conectar', '/paste'),
  def('unir', 'uni', 'attach', 'paths', ['NOTA, NOTA…', 'NOTE, NOTE…'], ['Adjunta una o más notas', 'Attach one or more notes'], '/unir "03_Proyectos/Mi tesis.md", Ideas', '/attach "03_Proyectos/My thesis.md", Ideas'),
  def('guardar', 'gua', 'save', 'optional', ['TÍTULO', 'TITLE'], ['Propone guardar la última respuesta en 05_Salida/', 'Propose saving the last answer to 05_Salida/'], '/guardar Resumen del capítulo 2', '/save Summary of chapter 2'),
  def('registrar', 'reg', 'write', 'path', ['RUTA', 'PATH'], ['Propone escribir la última respuesta en una ruta', 'Propose writing the last answer to a path'], '/registrar 00_Entrada/idea.md', '/write 00_Entrada/idea.md'),
  def('anexar', 'ane', 'append', 'path', ['RUTA', 'PATH'], ['Propone añadir la última respuesta al final de una nota, bajo la fecha', 'Propose appending the last answer to a note, under the date'], '/anexar 03_Proyectos/Tesis.md', '/append 03_Proyectos/Thesis.md'),
  def('cerrar', 'cer', 'close', 'none', null, ['Propone un cierre de la sesión', 'Propose a session closing'], '/cerrar', '/close'),
  def('reiniciar', 'rei', 'reset', 'none', null, ['Borra el historial de la sesión', 'Clear the session history'], '/reiniciar', '/reset'),
  def('resumir', 'res', 'summarize', 'none', null, ['Resume la conversación sin cerrarla', 'Summarise the conversation without closing it'], '/resumir', '/summarize'),
  def('recordar', 'rec', 'recall', 'none', null, ['Usa el último cierre como memoria', 'Use the last closing as memory'], '/recordar', '/recall'),
  def('recuerda', 'rcd', 'remember', 'text', ['TEXTO', 'TEXT'], ['Propone añadir una frase a tu nota de contexto', 'Propose adding a sentence to your context note'], '/recuerda prefiero ejemplos de biología', '/remember I prefer examples from biology'),
  def('modo', 'mod', 'mode', 'optional', ['PERFIL', 'PROFILE'], ['Cambia de perfil (sin nombre, los lista)', 'Switch profile (without a name, list them)'], '/modo tutor', '/mode tutor'),
  def('proyecto', 'pro', 'project', 'optional', ['NOMBRE', 'NAME'], ['Usa un proyecto de 03_Proyectos/ (sin nombre, los lista)', 'Use a project from 03_Proyectos/ (without a name, list them)'], '/proyecto Tesis', '/project Thesis'),
  def('ayuda', 'ayu', 'help', 'optional', ['COMANDO', 'COMMAND'], ['Muestra esta tabla', 'Show this table'], '/ayuda buscar', '/help search'),
];

/** Outcome of reading one chat-box entry. */
export type ParseResult =
  /** Ordinary message; `text` is what to send (a `//` escape already removed). */
  | { kind: 'text'; text: string }
  | { kind: 'command'; id: string; args: string; argv: string[] }
  /** `suggestion` is a canonical `/nombre` close to what was typed, or null. */
  | { kind: 'error'; code: 'unknown_command'; name: string; suggestion: string | null }
  | { kind: 'error'; code: 'missing_argument' | 'unexpected_argument'; id: string };

/** folded name or alias → command. */
const BY_NAME = new Map<string, CommandDef>(
  COMMANDS.flatMap((c) => [c.es, c.alias, c.en].map((n) => [foldText(n), c] as const)),
);

/** The command a name or alias stands for (`/bus`, `--search`, `buscar`), or undefined. */
export function findCommand(name: string): CommandDef | undefined {
  return BY_NAME.get(foldText(name.replace(/^(?:\/|--)/, '')));
}

/** Every spelling a command answers to, `/` forms first, canonical first (for autocompletion). */
export function commandNames(id: string): string[] {
  const c = COMMANDS.find((x) => x.id === id);
  if (!c) return [];
  const names = [...new Set([c.es, c.alias, c.en])];
  return [...names.map((n) => `/${n}`), ...names.map((n) => `--${n}`)];
}

const COMMAND_RE = /^(?:\/|--)(\p{L}\S*)(?:\s+([\s\S]*))?$/u;

/** Reads one chat-box entry: a message, a command with its argument, or why it is neither. */
export function parseCommand(input: string): ParseResult {
  if (input.startsWith('//')) return { kind: 'text', text: input.slice(1) };
  const m = COMMAND_RE.exec(input);
  if (!m) return { kind: 'text', text: input };
  const typed = m[1] ?? '';
  const args = (m[2] ?? '').trim();
  const c = BY_NAME.get(foldText(typed));
  if (!c)
    return { kind: 'error', code: 'unknown_command', name: typed, suggestion: suggest(typed) };
  const argv = c.arg === 'paths' ? splitPaths(args) : args === '' ? [] : [unquote(args)];
  if (c.arg === 'none' && args !== '')
    return { kind: 'error', code: 'unexpected_argument', id: c.id };
  if ((c.arg === 'text' || c.arg === 'path' || c.arg === 'paths') && argv.length === 0) {
    return { kind: 'error', code: 'missing_argument', id: c.id };
  }
  return { kind: 'command', id: c.id, args, argv };
}

/** Opening quote → closing quote accepted around a note name or path. */
const QUOTES: Record<string, string> = { '"': '"', '“': '”', '«': '»' };

function unquote(s: string): string {
  const close = QUOTES[s[0] ?? ''];
  return close && s.length > 1 && s.endsWith(close) ? s.slice(1, -1).trim() : s;
}

/** `/unir`'s list: commas separate, quotes group (an unclosed quote runs to the end). */
export function splitPaths(args: string): string[] {
  const out: string[] = [];
  let plain = '';
  const flush = () => {
    if (plain.trim() !== '') out.push(plain.trim());
    plain = '';
  };
  for (let i = 0; i < args.length; i++) {
    const ch = args[i] ?? '';
    const close = QUOTES[ch];
    if (close) {
      flush();
      const end = args.indexOf(close, i + 1);
      const quoted = args.slice(i + 1, end === -1 ? args.length : end).trim();
      if (quoted !== '') out.push(quoted);
      i = end === -1 ? args.length : end;
    } else if (ch === ',') flush();
    else plain += ch;
  }
  flush();
  return out;
}

/** `--modelo` / `--model` before /buscar's term: ask the chat model for other queries too. */
const MODEL_FLAG = /^--modelo?(?:\s+|$)/i;

/**
 * /buscar's argument read for its one option: `--modelo TÉRMINO` (or `--model`) searches
 * with the model's help («Buscar con el modelo»); anything else is the term as typed.
 */
export function searchArgs(args: string): { query: string; withModel: boolean } {
  const flag = MODEL_FLAG.exec(args);
  return flag
    ? { query: args.slice(flag[0].length).trim(), withModel: true }
    : { query: args, withModel: false };
}

/** The canonical `/nombre` nearest to a mistyped name, if near enough to be a typo. */
function suggest(typed: string): string | null {
  const t = foldText(typed);
  if (t.length >= 2) {
    const prefixed = COMMANDS.filter((c) => [c.es, c.en].some((n) => foldText(n).startsWith(t)));
    if (prefixed.length === 1 && prefixed[0]) return `/${prefixed[0].es}`;
  }
  // Typos are about one slip per four letters; more than that is another word.
  const limit = t.length <= 4 ? 1 : 2;
  let best = limit + 1;
  let found = new Set<string>();
  for (const c of COMMANDS) {
    for (const n of [c.es, c.alias, c.en]) {
      const d = distance(t, foldText(n));
      if (d < best) [best, found] = [d, new Set([c.es])];
      else if (d === best) found.add(c.es);
    }
  }
  // Two commands equally near (`/re`) is a guess, not a suggestion.
  const [only] = found;
  return found.size === 1 && only ? `/${only}` : null;
}

/** Edit distance counting a swap of two neighbours as one slip (optimal string alignment). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return Number.POSITIVE_INFINITY;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, at(i - 2, j - 2) + 1);
      }
      const row = d[i];
      if (row) row[j] = v;
    }
  }
  return at(a.length, b.length);
}
