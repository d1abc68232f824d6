import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.join(import.meta.dirname, '..');

/**
 * Storage the page reads synchronously (localStorage, sessionStorage, cookies) costs a
 * round trip to the browser process on the page's thread: 130 ms of the boot task when
 * the browser was busy (the 10k trace). Only the one-time carry-over of older choices reads it.
 */
const SYNC_STORAGE = /\b(localStorage|sessionStorage)\.\w|\bdocument\.cookie\b/;
const ALLOWED = ['app/legacy-preferences.ts'];

function sources(dir: string): string[] {
  return readdirSync(path.join(WEB, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('web: synchronous storage', () => {
  it('is read nowhere but in the carry-over of older choices', () => {
    const readers = sources('').filter(
      (f) => !ALLOWED.includes(f) && SYNC_STORAGE.test(readFileSync(path.join(WEB, f), 'utf8')),
    );
    expect(readers).toEqual([]);
  });
});
