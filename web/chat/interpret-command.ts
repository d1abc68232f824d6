import type { ChatContext } from '../../common/chat-schemas.ts';
import {
  COMMANDS,
  findCommand,
  type ParseResult,
  parseCommand,
  searchArgs,
} from '../../common/commands.ts';
import { foldText } from '../../common/fold-text.ts';
import { rememberedText } from '../../common/remember-text.ts';
import { noteName } from '../../common/wikilinks.ts';
import type { ChipInput } from '../db/records.ts';
import type { MessageKey } from '../i18n/es.ts';
import type { Locale, MessageParams } from '../i18n/translate.ts';
import { resolveNoteNames } from './note-names.ts';

/** What the chat does with one composer entry; the store carries it out. */
export type CommandOutcome =
  | { kind: 'send'; message: string }
  | { kind: 'notice'; tone: 'error' | 'info'; key: MessageKey; params?: MessageParams }
  | { kind: 'chips'; chips: ChipInput[] }
  | { kind: 'project'; name: string }
  | { kind: 'profile'; id: string }
  | { kind: 'search'; query: string }
  /** `/buscar --modelo`: the search view, asking the model for other queries at once. */
  | { kind: 'modelSearch'; query: string }
  | { kind: 'paste' }
  /** The whole table, or one command's row when `/ayuda CMD` names one. */
  | { kind: 'help'; id?: string }
  | { kind: 'confirmReset' }
  | { kind: 'summary' }
  /** /extraer and /web: context fetched by the server, shown as a chip before it is sent. */
  | { kind: 'extract'; url: string }
  | { kind: 'webSearch'; question: string }
  /** /guardar, /registrar, /cerrar: proposals the user approves or rejects. */
  | { kind: 'save'; title: string }
  | { kind: 'write'; path: string }
  /** /anexar: the last answer after a note's text, under the date. */
  | { kind: 'append'; path: string }
  /** /recuerda or a message «Recuerda que…»: a sentence for the user-context note. */
  | { kind: 'remember'; text: string }
  | { kind: 'close' };

export interface CommandContext {
  /** Null while GET /api/chat/context has not answered. */
  chat: ChatContext | null;
  /** Paths of the vault's notes (for /unir), null when unknown. */
  notePaths: readonly string[] | null;
  locale: Locale;
}

/** `/buscar TÉRMINO`: how a command is typed, in the current language. */
export function usage(id: string, locale: Locale): string {
  const c = COMMANDS.find((x) => x.id === id);
  if (!c) return `/${id}`;
  const name = locale === 'en' ? c.en : c.es;
  return c.argName ? `/${name} ${c.argName[locale]}` : `/${name}`;
}

const error = (key: MessageKey, params?: MessageParams): CommandOutcome => ({
  kind: 'notice',
  tone: 'error',
  key,
  ...(params ? { params } : {}),
});
const info = (key: MessageKey, params?: MessageParams): CommandOutcome => ({
  kind: 'notice',
  tone: 'info',
  key,
  ...(params ? { params } : {}),
});

/** Decides what a parsed entry does. Pure: no IO, no state. */
export function interpretCommand(parsed: ParseResult, ctx: CommandContext): CommandOutcome {
  if (parsed.kind === 'text') {
    // «Recuerda que…» is a request to remember, not a question: it becomes a proposal.
    const remembered = rememberedText(parsed.text);
    return remembered === null
      ? { kind: 'send', message: parsed.text }
      : { kind: 'remember', text: remembered };
  }
  if (parsed.kind === 'error') {
    if (parsed.code === 'unknown_command') {
      return parsed.suggestion
        ? error('command.unknown', { name: parsed.name, suggestion: parsed.suggestion })
        : error('command.unknownNoSuggestion', { name: parsed.name });
    }
    const key = parsed.code === 'missing_argument' ? 'command.missing' : 'command.unexpected';
    return error(key, { usage: usage(parsed.id, ctx.locale) });
  }
  const { id, argv } = parsed;
  const arg = argv[0] ?? '';
  switch (id) {
    case 'extraer':
      return { kind: 'extract', url: arg };
    case 'web':
      return { kind: 'webSearch', question: arg };
    case 'guardar':
      return { kind: 'save', title: arg };
    case 'registrar':
      return { kind: 'write', path: arg };
    case 'anexar':
      return { kind: 'append', path: arg };
    case 'recuerda':
      return { kind: 'remember', text: arg };
    case 'cerrar':
      return { kind: 'close' };
    case 'ayuda':
      return ayuda(arg);
    case 'reiniciar':
      return { kind: 'confirmReset' };
    case 'resumir':
      return { kind: 'summary' };
    case 'buscar': {
      const { query, withModel } = searchArgs(arg);
      if (query === '') return error('command.missing', { usage: usage(id, ctx.locale) });
      return withModel ? { kind: 'modelSearch', query } : { kind: 'search', query };
    }
    case 'conectar':
      return arg === ''
        ? { kind: 'paste' }
        : { kind: 'chips', chips: [{ kind: 'paste', text: arg }] };
    case 'unir':
      return unir(argv, ctx);
  }
  if (!ctx.chat) return error('command.noContext');
  if (id === 'modo') return modo(arg, ctx.chat);
  if (id === 'proyecto') return proyecto(arg, ctx.chat);
  if (id === 'recordar') {
    const closing = ctx.chat.latestClosing;
    return closing
      ? { kind: 'chips', chips: [{ kind: 'recall', path: closing.path }] }
      : info('command.noClosing');
  }
  return error('command.unknownNoSuggestion', { name: id });
}

function unir(names: readonly string[], ctx: CommandContext): CommandOutcome {
  if (!ctx.notePaths) return error('command.noManifest');
  const resolved = resolveNoteNames(names, ctx.notePaths);
  const [first] = resolved.unknown;
  if (first) {
    return first.close.length > 0
      ? error('command.unknownNote', { name: first.name, list: first.close.join(', ') })
      : error('command.unknownNoteNone', { name: first.name });
  }
  return { kind: 'chips', chips: resolved.paths.map((path) => ({ kind: 'note' as const, path })) };
}

function ayuda(name: string): CommandOutcome {
  if (name === '') return { kind: 'help' };
  const found = findCommand(name);
  if (found) return { kind: 'help', id: found.id };
  const parsed = parseCommand(`/${name.replace(/^(?:\/|--)/, '')}`);
  return parsed.kind === 'error' && parsed.code === 'unknown_command' && parsed.suggestion
    ? error('command.unknown', { name: parsed.name, suggestion: parsed.suggestion })
    : error('command.unknownNoSuggestion', { name });
}

function modo(name: string, chat: ChatContext): CommandOutcome {
  // Labels are what the person reads (and /modo accepts them): «General», not `default`.
  const list = chat.profiles.map((p) => p.label).join(', ');
  if (name === '') return info('command.profiles', { list });
  const f = foldText(name);
  const found = chat.profiles.find((p) => foldText(p.id) === f || foldText(p.label) === f);
  return found
    ? { kind: 'profile', id: found.id }
    : error('command.unknownProfile', { name, list });
}

function proyecto(name: string, chat: ChatContext): CommandOutcome {
  const list = chat.projects.join(', ');
  if (name === '')
    return chat.projects.length > 0
      ? info('command.projects', { list })
      : info('command.noProjects');
  const f = foldText(noteName(name));
  const found = chat.projects.find((p) => foldText(noteName(p)) === f);
  if (found) return { kind: 'project', name: found };
  return chat.projects.length > 0
    ? error('command.unknownProject', { name, list })
    : error('command.unknownProjectNone', { name });
}
