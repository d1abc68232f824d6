import { COMMANDS, type CommandDef } from '../common/commands.ts';
import { foldText } from '../common/fold-text.ts';

/**
 * The `soma` command line, as the seed's `soma.sh` had it:
 * `soma "pregunta" --buscar X --unir a.md b.md --guardar`. Every command of the
 * table answers to `--` + its Spanish name, the seed's alias or its English name
 * (`--buscar`, `--bus`, `--search`); `--name=value` works too.
 *
 * - A flag that takes a value (`--buscar`, `--extraer`, `--registrar`, `--anexar`,
 *   `--recuerda`) takes the next word; `--unir` takes every word up to the next flag.
 * - `--modo` and `--proyecto` take the next word when there is one that is not a flag;
 *   without it they have no value, and the run lists the profiles or the projects.
 * - `--guardar` takes a title only as `--guardar=Título`, and `--ayuda` a command
 *   name only when the next word is one, so neither swallows the question.
 * - `--conectar` takes nothing: it reads standard input (the seed's pipe).
 * - Words no flag took are the question.
 * - `--json` prints events for scripts; `--si` (`--yes`) approves this run's proposals
 *   when there is no terminal to ask.
 * - `--historial RUTA` (`--history`) lists SOMA's writes to a note and asks nothing of the
 *   model: a terminal option, like `--json`, not a chat command. With `--restaurar N`
 *   (`--restore`) it proposes bringing back a listed version, asked `[S/n]` like any write.
 * - `--conversacion ID` (`--cnv`, `--conversation`) continues a synchronised conversation
 *   of any device; `--conversaciones` (`--cvs`, `--conversations`) lists them. These belong
 *   to the terminal alone: in the app a conversation is chosen from its list.
 */
export interface CliRequest {
  question: string;
  /** Command id (`buscar`, `unir`…) → its values, in the order given. */
  commands: Map<string, string[]>;
  json: boolean;
  yes: boolean;
  /** `--historial RUTA`: the note whose write history to list, else null. */
  history: string | null;
  /** `--restaurar N`: a listing line or a version's hex prefix to bring back, else null. */
  restore: string | null;
  /** The synchronised conversation to continue; null: the terminal's own. */
  conversation: string | null;
  /** `--conversaciones`: list them and stop. */
  listConversations: boolean;
}

export type ParsedFlags = { ok: true; request: CliRequest } | { ok: false; message: string };

const BY_FLAG = new Map<string, CommandDef>(
  COMMANDS.flatMap((c) => [c.es, c.alias, c.en].map((n) => [foldText(n), c] as const)),
);

/** How each command reads its value on a command line. */
const VALUE: Record<string, 'next' | 'maybe' | 'list' | 'inline' | 'command' | 'none'> = {
  web: 'none',
  extraer: 'next',
  buscar: 'next',
  conectar: 'none',
  unir: 'list',
  guardar: 'inline',
  registrar: 'next',
  anexar: 'next',
  cerrar: 'none',
  reiniciar: 'none',
  resumir: 'none',
  recordar: 'none',
  recuerda: 'next',
  modo: 'maybe',
  proyecto: 'maybe',
  ayuda: 'command',
};

const isFlag = (word: string): boolean => /^--\p{L}/u.test(word);

/** The terminal's own options that need one value (not chat commands), and what to say without it. */
const TERMINAL_OPTIONS = [
  {
    key: 'history',
    names: ['historial', 'history'],
    missing: '--historial necesita la ruta de una nota.',
  },
  {
    key: 'restore',
    names: ['restaurar', 'restore'],
    missing: '--restaurar necesita el número de una línea del historial.',
  },
  {
    key: 'conversation',
    names: ['conversacion', 'cnv', 'conversation'],
    missing: '--conversacion necesita el ID de una conversación.',
  },
] as const;

/** Reads `argv` (without node and the script). */
export function parseFlags(argv: readonly string[]): ParsedFlags {
  const question: string[] = [];
  const commands = new Map<string, string[]>();
  let json = false;
  let yes = false;
  const taken: Record<(typeof TERMINAL_OPTIONS)[number]['key'], string | null> = {
    history: null,
    restore: null,
    conversation: null,
  };
  let listConversations = false;
  const add = (id: string, values: string[]) =>
    commands.set(id, [...(commands.get(id) ?? []), ...values]);

  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') {
      question.push(...argv.slice(i + 1));
      break;
    }
    if (!isFlag(word)) {
      question.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.slice(2, eq === -1 ? undefined : eq);
    const inline = eq === -1 ? null : word.slice(eq + 1);
    const folded = foldText(name);
    if (folded === 'json') {
      json = true;
      continue;
    }
    if (folded === 'si' || folded === 'yes') {
      yes = true;
      continue;
    }
    const option = TERMINAL_OPTIONS.find((o) => (o.names as readonly string[]).includes(folded));
    if (option) {
      const value = inline ?? argv[i + 1];
      if (value === undefined || value === '' || isFlag(value)) {
        return { ok: false, message: option.missing };
      }
      taken[option.key] = value;
      if (inline === null) i++;
      continue;
    }
    if (['conversaciones', 'cvs', 'conversations'].includes(folded)) {
      listConversations = true;
      continue;
    }
    const command = BY_FLAG.get(folded);
    if (!command)
      return { ok: false, message: `Opción desconocida: --${name}. Prueba soma --ayuda.` };
    const how = VALUE[command.id] ?? 'none';
    if (inline !== null) {
      if (how === 'none') {
        return { ok: false, message: `--${command.es} no lleva valor (se dio «${inline}»).` };
      }
      add(command.id, inline === '' ? [] : [inline]);
      continue;
    }
    if (how === 'next') {
      const value = argv[i + 1];
      if (value === undefined || isFlag(value)) {
        return {
          ok: false,
          message: `--${command.es} necesita ${command.argName?.es ?? 'un valor'}.`,
        };
      }
      add(command.id, [value]);
      i++;
    } else if (how === 'maybe') {
      const value = argv[i + 1];
      const named = value !== undefined && value !== '--' && !isFlag(value);
      add(command.id, named ? [value] : []);
      if (named) i++;
    } else if (how === 'list') {
      const values: string[] = [];
      while (i + 1 < argv.length && !isFlag(argv[i + 1] ?? '') && argv[i + 1] !== '--') {
        values.push(argv[++i] ?? '');
      }
      if (values.length === 0) return { ok: false, message: '--unir necesita una o más notas.' };
      add(command.id, values);
    } else if (how === 'command') {
      const next = argv[i + 1];
      const named = next !== undefined && BY_FLAG.has(foldText(next.replace(/^(--|\/)/, '')));
      add(command.id, named ? [next] : []);
      if (named) i++;
    } else {
      add(command.id, []);
    }
  }
  if (taken.restore !== null && taken.history === null) {
    return {
      ok: false,
      message: '--restaurar va con --historial RUTA: soma --historial RUTA --restaurar 1',
    };
  }
  const text = question.join(' ').trim();
  return {
    ok: true,
    request: {
      question: text,
      commands,
      json,
      yes,
      ...taken,
      listConversations,
    },
  };
}
