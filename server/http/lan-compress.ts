import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { onLanListener } from './listener-tag.ts';

/**
 * Gzips JSON and the vault export (NDJSON) for the LAN listener only. Over Wi-Fi a phone's
 * 10k-note manifest shrinks several times; on loopback the bytes cost nothing and the CPU is
 * what the laptop lacks: each manifest, page of vectors or batch of notes gzipped for the
 * laptop's own tab was work taken from the page and the model (and from the thread pool the
 * note reads wait on). An event stream is never compressed: it would be buffered and arrive
 * in lumps.
 */
export function lanCompress(): MiddlewareHandler {
  const gzip = compress({ contentTypeFilter: /^application\/(json|x-ndjson)/ });
  return (c, next) => (onLanListener(c) ? gzip(c, next) : next());
}
