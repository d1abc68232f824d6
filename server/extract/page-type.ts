import { ApiError } from '../http/api-error.ts';

/** Which media types /extraer reads: HTML through Readability, text and Markdown as they are. */

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);

export function isHtml(type: string): boolean {
  return HTML_TYPES.has(type);
}

/** `text/html; charset=utf-8` → `text/html`. */
export function mediaType(header: string): string {
  return header.split(';')[0]!.trim().toLowerCase();
}

/** A page served without Content-Type: a PDF by its magic bytes, HTML by its first tag. */
export function sniffType(bytes: Buffer): string {
  const head = bytes.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('%pdf-')) return 'application/pdf';
  return /^(<!doctype html|<html|<head|<body|<!--)/.test(head) ? 'text/html' : 'text/plain';
}

/** Throws 415 for anything but HTML, text and Markdown, after `drop` closed the connection. */
export function checkType(type: string, drop: () => void): void {
  if (isHtml(type) || TEXT_TYPES.has(type)) return;
  drop();
  if (type === 'application/pdf') {
    const message =
      'SOMA todavía no extrae PDF: ábrelo, copia el texto que te interese y pégalo con /conectar.';
    throw new ApiError(415, 'unsupported_type', message, { params: { reason: 'pdf' } });
  }
  const message = `SOMA solo extrae páginas HTML, texto y Markdown; esta dirección devuelve «${type}».`;
  throw new ApiError(415, 'unsupported_type', message, { params: { reason: 'type', type } });
}
