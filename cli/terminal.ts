import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { CliError } from './exit-codes.ts';

/** Asks a yes/no question on the user's terminal; Enter means yes, as in the seed's `[S/n]`. */
export type Ask = (question: string) => Promise<boolean>;

/** A terminal to ask on while a run lasts. */
export interface Terminal {
  ask: Ask;
  close: () => void;
}

/** What a typed answer means: yes, no, or not an answer (ask again). */
export function readAnswer(typed: string): boolean | null {
  const a = typed.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (['', 's', 'si', 'y', 'yes'].includes(a)) return true;
  if (['n', 'no'].includes(a)) return false;
  return null;
}

/**
 * The terminal is taken only while a question waits (raw mode would otherwise turn
 * Ctrl-C during the answer into a keystroke); Ctrl-C at the question ends the run.
 */
function askOn(input: Readable, output: Writable, onInterrupt: () => void): Ask {
  return async (question) => {
    const rl = createInterface({ input, output, terminal: true });
    const interrupted = new Promise<never>((_, reject) =>
      rl.once('SIGINT', () => {
        onInterrupt();
        reject(new CliError('interrupted', 'interrumpido.'));
      }),
    );
    try {
      for (;;) {
        const typed = await Promise.race([rl.question(`${question} [S/n] `), interrupted]);
        const answer = readAnswer(typed);
        if (answer !== null) return answer;
        output.write('Responde s (sí) o n (no).\n');
      }
    } finally {
      rl.close();
    }
  };
}

/**
 * The terminal to ask on: standard input when it is one, else the controlling terminal
 * (`/dev/tty`, when standard input is a pipe for `--conectar`); null under cron or any
 * run without a terminal, where nothing is approved unless `--si` was given.
 */
export async function openTerminal(
  stdin: Readable & { isTTY?: boolean },
  stderr: Writable,
  onInterrupt: () => void,
): Promise<Terminal | null> {
  if (stdin.isTTY) return { ask: askOn(stdin, stderr, onInterrupt), close: () => undefined };
  try {
    const fd = await open('/dev/tty', 'r+');
    const input = createReadStream('', { fd: fd.fd, autoClose: false });
    const output = createWriteStream('', { fd: fd.fd, autoClose: false });
    return {
      ask: askOn(input, output, onInterrupt),
      close: () => {
        input.destroy();
        void fd.close();
      },
    };
  } catch {
    return null;
  }
}
