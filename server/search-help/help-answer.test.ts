import { describe, expect, it } from 'vitest';
import { parseHelpAnswer } from './help-answer.ts';

describe('server/search-help/help-answer', () => {
  it('reads the queries of a JSON answer, trimmed and with single spaces', () => {
    expect(parseHelpAnswer('{"queries": [" rsync  copia ", "restic"]}', 'copias', 4)).toEqual([
      'rsync copia',
      'restic',
    ]);
  });

  it('finds the JSON inside a code fence or a sentence around it', () => {
    const fenced =
      'Claro:\n```json\n{"queries": ["borg backup", "copia incremental"]}\n```\nSuerte.';
    expect(parseHelpAnswer(fenced, 'copias', 4)).toEqual(['borg backup', 'copia incremental']);
    expect(parseHelpAnswer('Prueba con ["git log", "historial"].', 'git', 4)).toEqual([
      'git log',
      'historial',
    ]);
  });

  it('adds the terms of a model that lists them apart, and keeps at most max', () => {
    const text = '{"queries": ["uno", "dos"], "terms": ["tres", "cuatro"]}';
    expect(parseHelpAnswer(text, 'x', 3)).toEqual(['uno', 'dos', 'tres']);
  });

  it('drops repeats, the question itself (any case or accent) and entries that are not short text', () => {
    const text = JSON.stringify({
      queries: ['Bóveda', 'copia', 'COPIA', 42, '', 'x'.repeat(101), { q: 'no' }, 'respaldo'],
    });
    expect(parseHelpAnswer(text, 'boveda', 5)).toEqual(['copia', 'respaldo']);
  });

  it('answers null for nonsense: prose, a wrong shape, or nothing usable', () => {
    expect(parseHelpAnswer('No sé qué decirte.', 'q', 4)).toBeNull();
    expect(parseHelpAnswer('{"consultas": ["a"]}', 'q', 4)).toBeNull();
    expect(parseHelpAnswer('{"queries": "a, b"}', 'q', 4)).toBeNull();
    expect(parseHelpAnswer('{"queries": [1, 2]}', 'q', 4)).toBeNull();
    expect(parseHelpAnswer('{"queries": ["q"]}', 'q', 4)).toBeNull();
    expect(parseHelpAnswer('{"queries": [', 'q', 4)).toBeNull();
    expect(parseHelpAnswer('', 'q', 4)).toBeNull();
  });
});
