import { describe, expect, it } from 'vitest';
import type { ChatContext } from '../../common/chat-schemas.ts';
import { parseCommand } from '../../common/commands.ts';
import { type CommandContext, interpretCommand } from './interpret-command.ts';

const chat: ChatContext = {
  profiles: [
    { id: 'default', label: 'General', description: '' },
    { id: 'tutor', label: 'Tutor', description: '' },
  ],
  defaultProfile: 'default',
  historyTurns: 10,
  projects: ['Tesis', 'Huerto.md'],
  providers: [],
  noteList: { enabled: true, excludeFolders: [] },
  contextTokens: 8192,
  latestClosing: { path: '02_Conciencia/sesiones/2024-05-01.md', mtime: 1 },
};
const paths = ['03_Proyectos/Tesis.md', '01_Caracter/Memoria activa.md', '00_Entrada/Tesis.md'];
const ctx: CommandContext = { chat, notePaths: paths, locale: 'es' };
const run = (input: string, c: CommandContext = ctx) => interpretCommand(parseCommand(input), c);

describe('web/chat/interpret-command', () => {
  it('sends plain text and the // escape as a message', () => {
    expect(run('hola')).toEqual({ kind: 'send', message: 'hola' });
    expect(run('//unir')).toEqual({ kind: 'send', message: '/unir' });
  });

  it('turns «Recuerda que…» and /recuerda into a proposal to remember, and /anexar into append', () => {
    const remember = { kind: 'remember', text: 'Prefiero ejemplos de biología.' };
    expect(run('Recuerda que prefiero ejemplos de biología.')).toEqual(remember);
    expect(run('/rcd prefiero ejemplos de biología.')).toEqual({
      ...remember,
      text: 'prefiero ejemplos de biología.',
    });
    expect(run('/remember x')).toEqual({ kind: 'remember', text: 'x' });
    expect(run('¿Recuerdas que hablamos?')).toEqual({
      kind: 'send',
      message: '¿Recuerdas que hablamos?',
    });
    expect(run('/ane 03_Proyectos/Tesis.md')).toEqual({
      kind: 'append',
      path: '03_Proyectos/Tesis.md',
    });
    expect(run('/append')).toMatchObject({ key: 'command.missing' });
  });

  it('suggests the nearest command for a typo', () => {
    expect(run('/bucsar x')).toMatchObject({ tone: 'error', params: { suggestion: '/buscar' } });
  });

  it('shows the usage when an argument is missing or unexpected', () => {
    expect(run('/buscar')).toMatchObject({
      key: 'command.missing',
      params: { usage: '/buscar TÉRMINO' },
    });
    expect(run('/reiniciar ya')).toMatchObject({ key: 'command.unexpected' });
  });

  it('names the command in English in the English usage', () => {
    expect(run('/search', { ...ctx, locale: 'en' })).toMatchObject({
      key: 'command.missing',
      params: { usage: '/search TERM' },
    });
  });

  it('reads /buscar --modelo (or --model) as a search with the model, and needs a term after it', () => {
    expect(run('/buscar --modelo copias de seguridad')).toEqual({
      kind: 'modelSearch',
      query: 'copias de seguridad',
    });
    expect(run('/search --model backups')).toEqual({ kind: 'modelSearch', query: 'backups' });
    expect(run('/buscar --modelos')).toEqual({ kind: 'search', query: '--modelos' });
    expect(run('/buscar --modelo')).toMatchObject({
      tone: 'error',
      key: 'command.missing',
      params: { usage: '/buscar TÉRMINO' },
    });
  });

  it('turns the web and proposal commands into their outcomes, by any of their names', () => {
    expect(run('/ext https://a.es/x')).toEqual({ kind: 'extract', url: 'https://a.es/x' });
    expect(run('/web el río más largo')).toEqual({
      kind: 'webSearch',
      question: 'el río más largo',
    });
    expect(run('/save')).toEqual({ kind: 'save', title: '' });
    expect(run('/gua Capítulo 2')).toEqual({ kind: 'save', title: 'Capítulo 2' });
    expect(run('/reg "00_Entrada/Mi idea.md"')).toEqual({
      kind: 'write',
      path: '00_Entrada/Mi idea.md',
    });
    expect(run('/close')).toEqual({ kind: 'close' });
  });

  it('attaches notes by name, shortest path first, or reports close matches', () => {
    expect(run('/unir tesis, Memoria activa')).toEqual({
      kind: 'chips',
      chips: [
        { kind: 'note', path: '00_Entrada/Tesis.md' },
        { kind: 'note', path: '01_Caracter/Memoria activa.md' },
      ],
    });
    expect(run('/uni "03_Proyectos/Tesis.md"')).toMatchObject({ chips: [{ path: paths[0] }] });
    expect(run('/unir Memoria pasiva')).toMatchObject({
      key: 'command.unknownNote',
      params: { list: 'Memoria activa' },
    });
  });

  it('switches to a known profile by id or label and lists them otherwise', () => {
    expect(run('/modo TUTOR')).toEqual({ kind: 'profile', id: 'tutor' });
    expect(run('/mode')).toMatchObject({
      key: 'command.profiles',
      params: { list: 'General, Tutor' },
    });
    expect(run('/modo general')).toEqual({ kind: 'profile', id: 'default' });
    expect(run('/modo pirata')).toMatchObject({
      tone: 'error',
      key: 'command.unknownProfile',
      params: { list: 'General, Tutor' },
    });
  });

  it('sets a known project, lists projects, and refuses an unknown one', () => {
    expect(run('/proyecto tesis')).toEqual({ kind: 'project', name: 'Tesis' });
    expect(run('/pro Huerto')).toEqual({ kind: 'project', name: 'Huerto.md' });
    expect(run('/project')).toMatchObject({ key: 'command.projects' });
    expect(run('/proyecto Nada')).toMatchObject({
      tone: 'error',
      params: { list: 'Tesis, Huerto.md' },
    });
  });

  it('recalls the latest closing as a chip, or explains there is none', () => {
    expect(run('/recordar')).toEqual({
      kind: 'chips',
      chips: [{ kind: 'recall', path: '02_Conciencia/sesiones/2024-05-01.md' }],
    });
    const none = { ...ctx, chat: { ...chat, latestClosing: null } };
    expect(run('/rec', none)).toMatchObject({ kind: 'notice', key: 'command.noClosing' });
  });

  it("shows one command's help for /ayuda CMD, by any of its names", () => {
    expect(run('/ayuda buscar')).toEqual({ kind: 'help', id: 'buscar' });
    expect(run('/help /search')).toEqual({ kind: 'help', id: 'buscar' });
    expect(run('/ayu --ext')).toEqual({ kind: 'help', id: 'extraer' });
    expect(run('/ayuda bsucar')).toMatchObject({
      tone: 'error',
      key: 'command.unknown',
      params: { suggestion: '/buscar' },
    });
    expect(run('/ayuda zzzzzz')).toMatchObject({ key: 'command.unknownNoSuggestion' });
  });

  it('maps the remaining commands to their actions', () => {
    expect(run('/conectar')).toEqual({ kind: 'paste' });
    expect(run('/paste hola\nmundo')).toEqual({
      kind: 'chips',
      chips: [{ kind: 'paste', text: 'hola\nmundo' }],
    });
    expect(run('/bus memoria')).toEqual({ kind: 'search', query: 'memoria' });
    expect(run('/ayuda')).toEqual({ kind: 'help' });
    expect(run('/reset')).toEqual({ kind: 'confirmReset' });
    expect(run('/resumir')).toEqual({ kind: 'summary' });
  });
});
