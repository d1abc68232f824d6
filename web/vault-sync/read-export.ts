import type { NoteContent } from '../../common/chat-schemas.ts';
import { errorFromResponse } from '../lib/api.ts';
import { ApiError } from '../lib/api-error.ts';
import { checkExportLine } from './export-line.ts';

/** The byte of `\n` in UTF-8 (never part of another character's bytes). */
const NEWLINE = 0x0a;

/**
 * The lines of a UTF-8 text stream, without their `\n`, as they arrive: the lines each
 * piece of the stream completes, together (one step of the async iteration a piece, not
 * a line: the first sync's 10,000 notes went through three generators, a promise each a
 * step). Each line is decoded on its own: Chromium hands a first sync's export over in
 * large pieces, and decoding those whole, then cutting lines out of the text, cost the
 * search worker more than decoding line by line (measured: docs/FACTS.md, "Vault sync
 * and the browser's copy").
 */
export async function* textLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  /** The text of a line begun in an earlier piece. */
  let rest = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const lines: string[] = [];
      let start = 0;
      for (let nl = value.indexOf(NEWLINE); nl !== -1; nl = value.indexOf(NEWLINE, start)) {
        // Not streaming: the bytes of a character the last piece cut are completed here.
        const line = decoder.decode(value.subarray(start, nl));
        lines.push(rest === '' ? line : rest + line);
        rest = '';
        start = nl + 1;
      }
      // `stream: true` keeps a character split between two pieces for the next one.
      if (start < value.length) rest += decoder.decode(value.subarray(start), { stream: true });
      if (lines.length > 0) yield lines;
    }
  } finally {
    reader.releaseLock();
  }
  rest += decoder.decode();
  if (rest !== '') yield [rest];
}

/** One line of the export, parsed and checked: a note, or the end with its count. */
function exportLine(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('bad_answer', 'una línea de la exportación no es JSON', 200);
  }
  const checked = checkExportLine(json);
  if (!checked.ok) throw new ApiError('bad_answer', checked.message, 200);
  return checked.line;
}

/**
 * The notes of an export stream (GET /api/vault/export), as many as each piece of it
 * completes, each checked against the shared schema as it arrives (export-line.ts). A
 * stream that ends without its count line, or with a count that does not match, or
 * holds a line that is no export line, throws once the notes before that are given
 * (they are good; the next manifest diff fetches the rest).
 */
export async function* exportedNotes(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<NoteContent[]> {
  let count = 0;
  for await (const texts of textLines(body)) {
    const notes: NoteContent[] = [];
    let failure: ApiError | null = null;
    let ended = false;
    for (const text of texts) {
      let line: ReturnType<typeof exportLine>;
      try {
        line = exportLine(text);
      } catch (error) {
        failure = error as ApiError;
        break;
      }
      if ('end' in line) {
        ended = line.end.count === count;
        if (!ended) failure = cutShort();
        break;
      }
      count++;
      notes.push(line.note);
    }
    if (notes.length > 0) yield notes;
    if (failure) throw failure;
    if (ended) return;
  }
  throw cutShort();
}

const cutShort = () =>
  new ApiError('network', 'la exportación de la bóveda se cortó antes de terminar', 0);

/** Asks for the export (GET /api/vault/export); its notes are read with `exportNotes`. */
export function askForExport(): Promise<Response> {
  // User Timing marks (the worker's, in the browser's performance panel and bench/diagnostics/ready-timeline.ts).
  performance.mark('soma:export-asked');
  return fetch('/api/vault/export', {
    credentials: 'same-origin',
    headers: { Accept: 'application/x-ndjson' },
  });
}

/**
 * Every note's text in one streamed answer (the first sync of a whole vault), as many
 * notes at a time as each piece of it completes: from `early`, an export asked for
 * before the sync began, when it was answered well; otherwise from one asked for now.
 */
export async function* exportNotes(early?: Promise<Response>): AsyncGenerator<NoteContent[]> {
  let response: Response;
  try {
    const answered = await early?.catch(() => null);
    if (answered && !answered.ok) answered.body?.cancel().catch(() => undefined);
    response = answered?.ok ? answered : await askForExport();
  } catch (cause) {
    throw new ApiError('network', cause instanceof Error ? cause.message : String(cause), 0);
  }
  performance.mark('soma:export-answered');
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new ApiError('bad_answer', 'empty body', response.status);
  yield* exportedNotes(response.body);
}

/** Lets go of an export asked for and never read (its connection and what it buffered). */
export function dropExport(asked: Promise<Response> | undefined): void {
  asked?.then((r) => r.body?.cancel()).catch(() => undefined);
}
