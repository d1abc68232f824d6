import type { JsonReason, jsonExpectations } from '../../common/harness-problem.ts';

/**
 * Where a JSON text first goes wrong, as a code (the UI words it) and in Spanish (the
 * terminal). JSON.parse in Node 20 only sometimes gives a position ("Unexpected token ']'…" has none), and a person
 * fixing a hand-edited harness needs the line and column, so this small
 * scanner follows the JSON grammar and stops at the first offence.
 */

/** A JSON syntax error: 1-based line and column, and what was wrong (`reason` in Spanish). */
export interface JsonErrorLocation {
  offset: number;
  line: number;
  column: number;
  code: JsonReason;
  reason: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly reason: JsonReason,
  ) {}
}

type Expectation = (typeof jsonExpectations)[number];

const EXPECTED_ES: Record<Expectation, (close: string) => string> = {
  value: () => 'un valor (texto entre comillas dobles, número, objeto, lista, true, false o null)',
  name: () => 'un nombre de campo entre comillas dobles',
  colon: () => '«:»',
  comma_or_close: (close) => `«,» o «${close}»`,
  end: () => 'el final del archivo',
};

/** A JSON reason in Spanish, for the terminal and the log. */
export function jsonReasonText(reason: JsonReason): string {
  const p = reason.params;
  switch (reason.code) {
    case 'expected': {
      const found = String(p.found ?? '');
      const expected = EXPECTED_ES[p.expected as Expectation] ?? (() => String(p.expected));
      return `se esperaba ${expected(String(p.close ?? ''))} y se encontró ${found === '' ? 'el final del archivo' : found}`;
    }
    case 'trailing_comma':
      return `sobra la coma antes de «${String(p.close)}»`;
    case 'bad_escape':
      return 'secuencia de escape no válida en un texto';
    case 'control_char':
      return 'salto de línea o carácter de control dentro de un texto (usa \\n)';
    case 'unclosed_string':
      return 'texto sin cerrar: falta la comilla final';
    default:
      return String(p.message ?? '');
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** The first syntax error in `text`, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | null {
  let i = 0;
  const found = (): string => {
    const c = text[i];
    if (c === undefined) return '';
    // Show control characters escaped so the message stays on one line.
    return c < ' ' ? JSON.stringify(c) : `«${c}»`;
  };
  const stop = (expected: Expectation, close = ''): never => {
    throw new Stop(i, { code: 'expected', params: { expected, close, found: found() } });
  };
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const string = (): void => {
    i++; // opening quote
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const e = text[i + 1] ?? '';
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else if (ESCAPES.has(e)) i += 2;
        else throw new Stop(i, { code: 'bad_escape', params: {} });
      } else if (c < ' ') {
        throw new Stop(i, { code: 'control_char', params: {} });
      } else i++;
    }
    throw new Stop(i, { code: 'unclosed_string', params: {} });
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') container('}', true);
    else if (c === '[') container(']', false);
    else if (c === '"') string();
    else literal();
  };
  const literal = (): void => {
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return;
    }
    stop('value');
  };
  const container = (close: string, isObject: boolean): void => {
    i++;
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      if (isObject) {
        space();
        if (text[i] !== '"') stop('name');
        string();
        space();
        if (text[i] !== ':') stop('colon');
        i++;
      }
      value();
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      if (text[i] !== ',') stop('comma_or_close', close);
      const comma = i++;
      space();
      // The classic hand-editing slip gets its own wording, pointing at the comma.
      if (text[i] === close) throw new Stop(comma, { code: 'trailing_comma', params: { close } });
    }
  };
  try {
    value();
    space();
    if (i < text.length) stop('end');
    return null;
  } catch (err) {
    // Anything else (a stack overflow on absurd nesting) just means "no position known".
    if (!(err instanceof Stop)) return null;
    return {
      offset: err.offset,
      ...lineColumn(text, err.offset),
      code: err.reason,
      reason: jsonReasonText(err.reason),
    };
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
