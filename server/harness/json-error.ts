/**
 * Where a JSON text first goes wrong, in Spanish. JSON.parse in Node 20 only
 * sometimes gives a position ("Unexpected token ']'…" has none), and a person
 * fixing a hand-edited harness needs the line and column, so this small
 * scanner follows the JSON grammar and stops at the first offence.
 */

/** A JSON syntax error: 1-based line and column, and what was wrong. */
export interface JsonErrorLocation {
  offset: number;
  line: number;
  column: number;
  reason: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** The first syntax error in `text`, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | null {
  let i = 0;
  const found = (): string => {
    const c = text[i];
    if (c === undefined) return 'el final del archivo';
    // Show control characters escaped so the message stays on one line.
    return c < ' ' ? JSON.stringify(c) : `«${c}»`;
  };
  const stop = (expected: string): never => {
    throw new Stop(i, `se esperaba ${expected} y se encontró ${found()}`);
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
        else throw new Stop(i, 'secuencia de escape no válida en un texto');
      } else if (c < ' ') {
        throw new Stop(i, 'salto de línea o carácter de control dentro de un texto (usa \\n)');
      } else i++;
    }
    throw new Stop(i, 'texto sin cerrar: falta la comilla final');
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
    stop('un valor (texto entre comillas dobles, número, objeto, lista, true, false o null)');
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
        if (text[i] !== '"') stop('un nombre de campo entre comillas dobles');
        string();
        space();
        if (text[i] !== ':') stop('«:»');
        i++;
      }
      value();
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      if (text[i] !== ',') stop(`«,» o «${close}»`);
      const comma = i++;
      space();
      // The classic hand-editing slip gets its own wording, pointing at the comma.
      if (text[i] === close) throw new Stop(comma, `sobra la coma antes de «${close}»`);
    }
  };
  try {
    value();
    space();
    if (i < text.length) stop('el final del archivo');
    return null;
  } catch (err) {
    // Anything else (a stack overflow on absurd nesting) just means "no position known".
    if (!(err instanceof Stop)) return null;
    return { offset: err.offset, ...lineColumn(text, err.offset), reason: err.reason };
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
