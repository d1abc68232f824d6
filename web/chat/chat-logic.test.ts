import { describe, expect, it } from 'vitest';
import type { ChatContext } from '../../common/chat-schemas.ts';
import { parseCommand } from '../../common/commands.ts';
import type { TurnRecord } from '../db/records.ts';
import { turnRecord } from '../db/test-records.ts';
import { neverReached } from './answer-stream.ts';
import { applyChatEvent } from './apply-chat-event.ts';
import { chipsToRequest, mergeChips } from './chips.ts';
import { selectHistory } from './history.ts';
import { type CommandContext, interpretCommand } from './interpret-command.ts';
import { completeUnir, noteSuggestions, resolveNoteNames, unirFragment } from './note-names.ts';

const turn = (index: number, over: Partial<TurnRecord> = {}) => turnRecord(index, over);

describe('web/chat/history', () => {
  it('keeps the last N complete or cut turns, oldest first', () => {
    const turns = [turn(0), turn(1, { status: 'cut' }), turn(2), turn(3), turn(4)];
    expect(selectHistory(turns, 3).map((t) => t.content)).toEqual(['t2', 't3', 't4']);
    expect(selectHistory(turns, 10)[1]).toEqual({ role: 'assistant', content: 't1' });
  });

  it('leaves out stopped, failed, streaming, empty and summary turns', () => {
    const turns = [
      turn(0),
      turn(1, { status: 'stopped' }),
      turn(2, { status: 'error' }),
      turn(3, { status: 'streaming' }),
      turn(4, { content: '  ' }),
      turn(5, { mode: 'summary' }),
      turn(6),
    ];
    expect(selectHistory(turns, 10).map((t) => t.content)).toEqual(['t0', 't6']);
    expect(selectHistory(turns, 0)).toEqual([]);
  });
});

describe('web/chat/apply-chat-event', () => {
  const start = turn(1, { content: '', status: 'streaming' });

  it('builds the answer from meta, deltas, a fallback and done', () => {
    let t = applyChatEvent(start, {
      type: 'meta',
      sent: [{ kind: 'note', label: 'a.md', chars: 10, cutChars: 0 }],
      droppedTurns: 1,
      promptChars: 100,
      notices: ['Se dejaron fuera 1 mensajes antiguos…'],
      noticeCodes: [{ code: 'turns_dropped', params: { count: 1 } }],
      provider: 'groq',
      model: 'g1',
    });
    t = applyChatEvent(t, {
      type: 'fallback',
      from: { provider: 'groq', model: 'g1' },
      to: { provider: 'openrouter', model: 'o1' },
      reason: 'rate_limited',
      failure: { code: 'rate_limited', params: {} },
      message: '429',
    });
    t = applyChatEvent(t, { type: 'delta', text: 'Ho' });
    t = applyChatEvent(t, { type: 'delta', text: 'la' });
    t = applyChatEvent(t, {
      type: 'done',
      provider: 'openrouter',
      model: 'o1',
      ttftMs: 12,
      totalMs: 40,
      usage: { promptTokens: 5, completionTokens: 2 },
      finishReason: 'stop',
    });
    expect(t.content).toBe('Hola');
    expect(t.status).toBe('complete');
    expect(t.meta).toMatchObject({ provider: 'openrouter', ttftMs: 12, droppedTurns: 1 });
    expect(t.meta?.fallbacks).toHaveLength(1);
    expect(start.content).toBe('');
  });

  it('tells an answer that never reached the server from one that failed on the way', () => {
    const answer = turnRecord(1, { role: 'assistant', content: '' });
    const network = { code: 'network', message: 'Failed to fetch' };
    expect(neverReached({ ...answer, status: 'error', error: network })).toBe(true);
    expect(neverReached({ ...answer, status: 'error', content: 'Ho', error: network })).toBe(false);
    const other = { code: 'no_provider', message: 'x' };
    expect(neverReached({ ...answer, status: 'error', error: other })).toBe(false);
    expect(neverReached({ ...answer, status: 'stopped', error: network })).toBe(false);
  });

  it('marks an error after text as cut and keeps the text; before text as error', () => {
    const err = { type: 'error', code: 'timeout', message: 'x', partial: true } as const;
    const withText = applyChatEvent(applyChatEvent(start, { type: 'delta', text: 'a' }), err);
    expect(withText).toMatchObject({ status: 'cut', content: 'a', error: { code: 'timeout' } });
    expect(applyChatEvent(start, { ...err, partial: false }).status).toBe('error');
  });
});

const chat: ChatContext = {
  profiles: [
    { id: 'default', label: 'General', description: '' },
    { id: 'tutor', label: 'Tutor', description: '' },
  ],
  defaultProfile: 'default',
  historyTurns: 10,
  projects: ['Tesis', 'Huerto.md'],
  providers: [],
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

describe('web/chat/note-names', () => {
  it('offers names that start with the fragment first, accents ignored', () => {
    expect(noteSuggestions('mem', paths)).toEqual(['01_Caracter/Memoria activa.md']);
    expect(noteSuggestions('TES', paths)).toEqual(['00_Entrada/Tesis.md', '03_Proyectos/Tesis.md']);
  });

  it('completes the name being typed after the last comma', () => {
    expect(unirFragment('/unir Tesis, Mem')).toEqual({ fragment: 'Mem', start: 12 });
    expect(unirFragment('hola')).toBeNull();
    expect(completeUnir('/unir Tesis, Mem', paths[1] ?? '')).toBe(
      '/unir Tesis, "01_Caracter/Memoria activa.md", ',
    );
    const completed = parseCommand(completeUnir('/unir Tes', paths[0] ?? ''));
    const argv = completed.kind === 'command' ? completed.argv : [];
    expect(argv).toEqual(['03_Proyectos/Tesis.md']);
    expect(resolveNoteNames(argv, paths).paths).toEqual([paths[0]]);
  });
});

describe('web/chat/chips', () => {
  it('turns chips into attachments and the recall flag, skipping duplicates', () => {
    const chips = mergeChips(
      [],
      [
        { kind: 'note', path: 'a.md' },
        { kind: 'note', path: 'a.md' },
        { kind: 'recall', path: 'c.md' },
        { kind: 'search', query: 'q', paths: ['b.md'] },
      ],
    );
    expect(chips).toHaveLength(3);
    expect(chipsToRequest(chips)).toEqual({
      attachments: [
        { kind: 'note', path: 'a.md' },
        { kind: 'search', query: 'q', paths: ['b.md'] },
      ],
      recall: true,
    });
  });
});
