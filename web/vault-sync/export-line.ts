import { safeParse } from 'zod/v4/core';
import { type ExportLine, ExportLineSchema, type NoteContent } from '../../common/chat-schemas.ts';

/**
 * A note line exactly as ExportLineSchema would give it, checked by hand: every field
 * of the right type. Undefined for anything else, which then goes to the schema (it
 * alone says yes or no, and words the error). A first sync parses 10,000 of these in
 * the search worker, the busiest thread of the sync; the schema's general walk cost
 * more than the rest of reading a line. export-line.test.ts checks with fast-check that
 * whatever this accepts the schema accepts, with the same result.
 */
export function plainNoteLine(json: unknown): NoteContent | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const note: unknown = (json as { note?: unknown }).note;
  if (typeof note !== 'object' || note === null || Array.isArray(note)) return undefined;
  const { path, content, hash, mtime, size } = note as Partial<Record<string, unknown>>;
  if (typeof path !== 'string' || typeof content !== 'string' || typeof hash !== 'string') {
    return undefined;
  }
  if (typeof mtime !== 'number' || !Number.isFinite(mtime)) return undefined;
  if (typeof size !== 'number' || !Number.isFinite(size)) return undefined;
  return { path, content, hash, mtime, size };
}

/** One parsed line of the export, checked: a note, an end, or the schema's error. */
export function checkExportLine(
  json: unknown,
): { ok: true; line: ExportLine } | { ok: false; message: string } {
  const note = plainNoteLine(json);
  if (note) return { ok: true, line: { note } };
  const line = safeParse(ExportLineSchema, json);
  return line.success ? { ok: true, line: line.data } : { ok: false, message: line.error.message };
}
