import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './results.ts';

/**
 * web.initial_js_gzip_kb: the JavaScript the first page loads (its module
 * scripts and modulepreloads from index.html), each gzipped at level 9.
 */
export async function benchWebSize(webRoot: string): Promise<BenchResult[]> {
  const html = await readFile(join(webRoot, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const src of new Set(srcs)) {
    const bytes = await readFile(join(webRoot, src.replace(/^\//, '')));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return [
    {
      name: 'web.initial_js_gzip_kb',
      value: Math.round((gz / 1024) * 10) / 10,
      unit: 'KB',
      note: `${srcs.length} file(s), ${Math.round(raw / 1024)} KB before gzip; lazy chunks (Markdown renderer) not counted`,
    },
  ];
}
