import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandNames, parseCommand, searchArgs, splitPaths } from './commands.ts';

/** A valid argument for each kind of command, and what argv it gives. */
const SAMPLE_ARG: Record<string, { args: string; argv: string[] }> = {
  text: { args: 'memoria de trabajo', argv: ['memoria de trabajo'] },
  optional: { args: 'tutor', argv: ['tutor'] },
  path: { args: '00_Entrada/idea.md', argv: ['00_Entrada/idea.md'] },
  paths: { args: 'Mi tesis, Idea', argv: ['Mi tesis', 'Idea'] },
};

/** Puts an acute accent on the first vowel, NFC or NFD. */
const accent = (s: string, form: 'NFC' | 'NFD') =>
  s.replace(/[aeiou]/, (v) => `${v}\u0301`).normalize(form);

const spellings = COMMANDS.flatMap((c) =>
  [...new Set([c.es, c.alias, c.en])].flatMap((name) =>
    ['/', '--'].map((prefix) => ({ c, name, prefix, typed: `${prefix}${name}` })),
  ),
);

describe('common/commands', () => {
  it('has the 14 commands of the seed, /anexar and /recuerda, with unique ids, names and aliases', () => {
    expect(COMMANDS.map((c) => c.id)).toEqual([
      'web',
      'extraer',
      'buscar',
      'conectar',
      'unir',
      'guardar',
      'registrar',
      'anexar',
      'cerrar',
      'reiniciar',
      'resumir',
      'recordar',
      'recuerda',
      'modo',
      'proyecto',
      'ayuda',
    ]);
    const names = COMMANDS.flatMap((c) => [...new Set([c.es, c.alias, c.en])]);
    expect(new Set(names).size).toBe(names.length);
    for (const c of COMMANDS) {
      expect(c.description.es.length, c.id).toBeGreaterThan(5);
      expect(c.description.en.length, c.id).toBeGreaterThan(5);
      expect(parseCommand(c.example), c.example).toMatchObject({ kind: 'command', id: c.id });
      expect(parseCommand(c.exampleEn), c.exampleEn).toMatchObject({ kind: 'command', id: c.id });
    }
  });

  it('keeps the --web row: alias --web, English /web', () => {
    expect(commandNames('web')).toEqual(['/web', '--web']);
    expect(commandNames('buscar')).toEqual([
      '/buscar',
      '/bus',
      '/search',
      '--buscar',
      '--bus',
      '--search',
    ]);
    expect(commandNames('nada')).toEqual([]);
  });

  it.each(spellings)('reads $typed with and without an argument', ({ c, name, prefix }) => {
    const sample = SAMPLE_ARG[c.arg];
    if (sample) {
      expect(parseCommand(`${prefix}${name} ${sample.args}`)).toEqual({
        kind: 'command',
        id: c.id,
        ...sample,
      });
    } else {
      expect(parseCommand(`${prefix}${name} algo`)).toEqual({
        kind: 'error',
        code: 'unexpected_argument',
        id: c.id,
      });
    }
    const bare = parseCommand(`${prefix}${name}`);
    if (c.arg === 'none' || c.arg === 'optional') {
      expect(bare).toEqual({ kind: 'command', id: c.id, args: '', argv: [] });
    } else {
      expect(bare).toEqual({ kind: 'error', code: 'missing_argument', id: c.id });
    }
  });

  it.each(spellings)('reads $typed upper-case and with accents', ({ c, name, prefix }) => {
    for (const typed of [name.toUpperCase(), accent(name, 'NFC'), accent(name, 'NFD')]) {
      const result = parseCommand(`${prefix}${typed}${c.arg === 'none' ? '' : ' x'}`);
      expect(result, typed).toMatchObject({ kind: 'command', id: c.id });
    }
  });

  it("reads /buscar's --modelo option before the term, in either language and any case", () => {
    expect(searchArgs('--modelo copias de seguridad')).toEqual({
      query: 'copias de seguridad',
      withModel: true,
    });
    expect(searchArgs('--MODEL backups')).toEqual({ query: 'backups', withModel: true });
    expect(searchArgs('--modelo')).toEqual({ query: '', withModel: true });
    expect(searchArgs('modelo de datos --modelo')).toEqual({
      query: 'modelo de datos --modelo',
      withModel: false,
    });
    expect(searchArgs('--modelos')).toEqual({ query: '--modelos', withModel: false });
  });

  it('reads /resumír and /RECORDAR', () => {
    expect(parseCommand('/resumír')).toMatchObject({ kind: 'command', id: 'resumir' });
    expect(parseCommand('/RECORDAR')).toMatchObject({ kind: 'command', id: 'recordar' });
  });

  it('takes the whole rest as the argument, trimmed, newlines included', () => {
    expect(parseCommand('/conectar   línea 1\nlínea 2  ')).toEqual({
      kind: 'command',
      id: 'conectar',
      args: 'línea 1\nlínea 2',
      argv: ['línea 1\nlínea 2'],
    });
    expect(parseCommand('/buscar\tsueño lúcido')).toMatchObject({ args: 'sueño lúcido' });
  });

  it('splits /unir by commas and quotes, keeping unquoted spaces in a name', () => {
    expect(parseCommand('/unir "03_Proyectos/Mi tesis.md" otra')).toMatchObject({
      argv: ['03_Proyectos/Mi tesis.md', 'otra'],
    });
    expect(splitPaths('Mi tesis')).toEqual(['Mi tesis']);
    expect(splitPaths('«a, b», “c” d,, e')).toEqual(['a, b', 'c', 'd', 'e']);
    expect(splitPaths('"sin cerrar, sigue')).toEqual(['sin cerrar, sigue']);
    expect(parseCommand('/unir , ""')).toEqual({
      kind: 'error',
      code: 'missing_argument',
      id: 'unir',
    });
  });

  it('strips quotes around a single path for /registrar', () => {
    expect(parseCommand('/registrar "05_Salida/Mi idea.md"')).toMatchObject({
      args: '"05_Salida/Mi idea.md"',
      argv: ['05_Salida/Mi idea.md'],
    });
  });

  it('refuses an argument to a command that takes none', () => {
    expect(parseCommand('/cerrar ya')).toEqual({
      kind: 'error',
      code: 'unexpected_argument',
      id: 'cerrar',
    });
  });

  it.each([
    ['/bucsar', '/buscar'],
    ['/recodar', '/recordar'],
    ['/serch', '/buscar'],
    ['--resumri', '/resumir'],
    ['/ayudaa', '/ayuda'],
    ['/proy', '/proyecto'],
  ])('suggests the canonical name for the typo %s', (typed, suggestion) => {
    expect(parseCommand(`${typed} x`)).toMatchObject({
      kind: 'error',
      code: 'unknown_command',
      name: typed.replace(/^\/|^--/, ''),
      suggestion,
    });
  });

  it('suggests nothing when no name is close', () => {
    expect(parseCommand('/home/x')).toMatchObject({ code: 'unknown_command', suggestion: null });
    expect(parseCommand('/zzzzzz')).toMatchObject({ code: 'unknown_command', suggestion: null });
    expect(parseCommand('/re')).toMatchObject({ code: 'unknown_command', suggestion: null });
  });

  it('treats ordinary messages as text, untouched', () => {
    for (const text of [
      'hola',
      '',
      '¿qué es /buscar?',
      '---',
      '-- nota',
      '/ 2',
      '/2024',
      ' /ayuda',
    ]) {
      expect(parseCommand(text), text).toEqual({ kind: 'text', text });
    }
  });

  it('sends //texto as text starting with one slash', () => {
    expect(parseCommand('//home/x es mi carpeta')).toEqual({
      kind: 'text',
      text: '/home/x es mi carpeta',
    });
  });

  it('never throws, and always answers one of the known shapes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (s) => {
        for (const input of [s, `/${s}`, `--${s}`, `/unir ${s}`]) {
          const r = parseCommand(input);
          expect(['text', 'command', 'error']).toContain(r.kind);
        }
      }),
    );
  });
});
