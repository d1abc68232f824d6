import { safeParse } from 'zod/v4/core';
import {
  type Manifest,
  type ManifestEntry,
  ManifestSchema,
  type SkippedEntry,
  type SkipReason,
} from '../../common/api-schemas.ts';

const REASONS: ReadonlySet<unknown> = new Set<SkipReason>([
  'binary',
  'not_utf8',
  'too_large',
  'not_markdown',
]);

const isObject = (v: unknown): v is Partial<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** `z.int().check(z.nonnegative())`: a safe integer, not below 0. */
const isSize = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
/** `z.number()`: finite. */
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A manifest exactly as ManifestSchema would give it (unknown keys dropped), checked by
 * hand; undefined for anything else, which then goes to the schema (it alone says yes or
 * no, and words the error). A first sync checks its 10,000 entries in the search worker,
 * the busiest thread of the sync, where the schema's walk was a long task of its own
 * (measured: docs/FACTS.md). manifest-check.test.ts checks with fast-check that
 * whatever this accepts the schema accepts, with the same result.
 */
export function plainManifest(json: unknown): Manifest | undefined {
  if (!isObject(json) || !Array.isArray(json.notes) || !Array.isArray(json.skipped)) {
    return undefined;
  }
  const notes: ManifestEntry[] = [];
  for (const e of json.notes as unknown[]) {
    if (!isObject(e)) return undefined;
    const { path, size, mtime, hash } = e;
    if (typeof path !== 'string' || !isSize(size) || !isTime(mtime) || typeof hash !== 'string')
      return undefined;
    notes.push({ path, size, mtime, hash });
  }
  const skipped: SkippedEntry[] = [];
  for (const e of json.skipped as unknown[]) {
    if (!isObject(e)) return undefined;
    const { path, size, mtime, reason } = e;
    if (typeof path !== 'string' || !isSize(size) || !isTime(mtime) || !REASONS.has(reason))
      return undefined;
    skipped.push({ path, size, mtime, reason: reason as SkipReason });
  }
  return { notes, skipped };
}

/** A parsed GET /api/vault/manifest body, checked: the manifest, or the schema's error. */
export function checkManifest(
  json: unknown,
): { ok: true; data: Manifest } | { ok: false; message: string } {
  const manifest = plainManifest(json);
  if (manifest) return { ok: true, data: manifest };
  const parsed = safeParse(ManifestSchema, json);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, message: parsed.error.message };
}
