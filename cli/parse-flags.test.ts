import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../common/commands.ts';
import { parseFlags } from './parse-flags.ts';

/** A value that fits each command on a command line. */
const SAMPLE: Record<string, string[]> = {
  extraer: ['https://example.org'],
  buscar: ['memoria'],
  unir: ['a.md', 'b.md'],
  registrar: ['00_Entrada/x.md'],
  anexar: ['03_Proyectos/Tesis.md'],
  recuerda: ['prefiero ejemplos'],
  modo: ['tutor'],
  proyecto: ['Tesis'],
};

function request(argv: string[]) {
  const parsed = parseFlags(argv);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.request;
}

describe('parseFlags', () => {
  it('reads every command by its Spanish name, the seed alias and the English name', () => {
    for (const c of COMMANDS) {
      for (const name of [c.es, c.alias, c.en]) {
        const r = request(['pregunta', `--${name}`, ...(SAMPLE[c.id] ?? [])]);
        expect([...r.commands.keys()]).toEqual([c.id]);
        expect(r.commands.get(c.id)).toEqual(SAMPLE[c.id] ?? []);
        expect(r.question).toBe('pregunta');
      }
    }
  });

  it('reads --conversacion ID by its three names, and --conversaciones', () => {
    for (const flag of ['--conversacion', '--conversación', '--cnv', '--conversation']) {
      const r = request([flag, 'abc-1', '¿Y', 'luego?']);
      expect(r.conversation).toBe('abc-1');
      expect(r.question).toBe('¿Y luego?');
    }
    expect(request(['--conversation=x_2', 'hola']).conversation).toBe('x_2');
    expect(request(['--cvs']).listConversations).toBe(true);
    expect(request(['hola']).conversation).toBeNull();
    expect(parseFlags(['--cnv']).ok).toBe(false);
    expect(parseFlags(['--cnv', '--json']).ok).toBe(false);
  });

  it('joins the words no flag took into the question, wherever they stand', () => {
    const r = request(['¿Qué', '--bus', 'sueño', 'dice', 'mi', 'nota?']);
    expect(r.question).toBe('¿Qué dice mi nota?');
    expect(r.commands.get('buscar')).toEqual(['sueño']);
  });

  it('lets --unir take every word up to the next flag', () => {
    const r = request(['Resume', '--unir', 'a.md', 'Mi tesis', '--guardar']);
    expect(r.commands.get('unir')).toEqual(['a.md', 'Mi tesis']);
    expect(r.commands.has('guardar')).toBe(true);
    expect(r.question).toBe('Resume');
  });

  it('takes a title for --guardar only with =, so it never swallows the question', () => {
    expect(request(['--guardar', 'pregunta']).question).toBe('pregunta');
    expect(request(['x', '--guardar=Mi título']).commands.get('guardar')).toEqual(['Mi título']);
  });

  it('gives --ayuda the next word only when it names a command', () => {
    expect(request(['--ayuda', 'bus']).commands.get('ayuda')).toEqual(['bus']);
    expect(request(['--ayuda', 'hola']).commands.get('ayuda')).toEqual([]);
  });

  it('ignores case and accents in flag names, and reads --json, --si and --yes', () => {
    const r = request(['x', '--RESUMÍR', '--json', '--si']);
    expect(r.commands.has('resumir')).toBe(true);
    expect(r.json).toBe(true);
    expect(r.yes).toBe(true);
    expect(request(['x', '--yes']).yes).toBe(true);
  });

  it('reads --restaurar N (or --restore=N) only beside --historial', () => {
    expect(request(['--historial', 'a.md', '--restaurar', '2']).restore).toBe('2');
    expect(request(['--history=a.md', '--restore=ab12cd']).restore).toBe('ab12cd');
    expect(request(['--historial', 'a.md']).restore).toBeNull();
    expect(parseFlags(['--restaurar', '1'])).toMatchObject({ ok: false });
    expect(parseFlags(['--historial', 'a.md', '--restaurar'])).toMatchObject({ ok: false });
  });

  it('reads --historial RUTA (or --history=RUTA) apart from the chat commands', () => {
    expect(request(['--historial', 'a.md']).history).toBe('a.md');
    expect(request(['--history=03_Proyectos/b.md']).history).toBe('03_Proyectos/b.md');
    expect(request(['pregunta']).history).toBeNull();
    expect(parseFlags(['--historial'])).toMatchObject({ ok: false });
  });

  it('keeps words after -- as the question, flags included', () => {
    expect(request(['--', '--buscar', 'no es una opción']).question).toBe(
      '--buscar no es una opción',
    );
  });

  it('reads --modo and --proyecto without a name, as the help says, so they can list', () => {
    for (const argv of [['--modo'], ['--proyecto'], ['--modo', '--json'], ['--proyecto=']]) {
      const parsed = parseFlags(argv);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect([...parsed.request.commands.values()]).toEqual([[]]);
    }
  });

  it('refuses unknown flags, missing values and values for flags that take none', () => {
    expect(parseFlags(['--volar'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--volar'),
    });
    expect(parseFlags(['--buscar'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('TÉRMINO'),
    });
    expect(parseFlags(['--buscar', '--unir', 'a'])).toMatchObject({ ok: false });
    expect(parseFlags(['--unir'])).toMatchObject({ ok: false });
    expect(parseFlags(['--cerrar=ya'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('no lleva valor'),
    });
  });
});
