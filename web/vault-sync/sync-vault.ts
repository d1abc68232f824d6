import type { Manifest, ManifestEntry } from '../../common/api-schemas.ts';
import type { NoteContent } from '../../common/chat-schemas.ts';
import { updateCachedNotes } from '../db/notes-cache-repo.ts';
import { copiedHashes } from '../db/vault-copy-repo.ts';
import { copyBatches, copyExport } from './copy-notes.ts';
import type { SyncDeps } from './sync-deps.ts';

/** Which copied notes to fetch (new or changed hash) and which to drop (gone from the vault). */
export function diffManifest(
  entries: readonly ManifestEntry[],
  copied: ReadonlyMap<string, string>,
): { fetch: string[]; remove: string[] } {
  const wanted = new Set(entries.map((e) => e.path));
  return {
    fetch: entries.filter((e) => copied.get(e.path) !== e.hash).map((e) => e.path),
    remove: [...copied.keys()].filter((p) => !wanted.has(p)),
  };
}

/**
 * Brings the copy in line with the manifest: fetches only new and changed
 * notes and deletes the ones that left the vault (a rename is a removal plus a
 * new note). When most of the vault is wanted (the first sync) it comes as one
 * export stream, otherwise in batches with a few in flight. Returns path →
 * hash as the server last told it (the stream's notes over the manifest's).
 */
export async function syncVault(deps: SyncDeps): Promise<Map<string, string>> {
  const asked = deps.getManifest();
  asked.catch(() => undefined); // thrown where it is awaited
  const copied = await (deps.copied ?? copiedHashes());
  if (copied.size === 0 && deps.exportNotes) return firstSync(deps, deps.exportNotes, asked);
  const manifest = await asked;
  const { fetch, remove } = diffManifest(manifest.notes, copied);
  if (remove.length > 0) {
    await updateCachedNotes([], remove);
    await deps.onChange({ upserted: [], removed: remove });
  }
  const hashes = new Map(manifest.notes.map((e) => [e.path, e.hash]));
  deps.onProgress?.(0, fetch.length);
  // Most of the vault wanted (the first sync): one stream, whatever the vault's size.
  const stream = fetch.length > 0 && fetch.length * 2 > manifest.notes.length;
  if (!stream || !deps.exportNotes) {
    await copyBatches(deps, fetch);
    return hashes;
  }
  try {
    const seen = await copyExport(deps, deps.exportNotes(), copied, () => fetch.length);
    for (const [path, hash] of seen) hashes.set(path, hash);
  } catch {
    // The stream broke (a proxy, a dropped connection): what arrived is stored;
    // the rest comes in batches, so one sync still ends with the whole vault.
    await deps.held?.write();
    await copyBatches(deps, diffManifest(manifest.notes, await copiedHashes()).fetch);
  }
  return hashes;
}

/**
 * The first sync (an empty copy wants every note): the export starts at once, beside
 * the manifest, instead of after it: the server's export follows its first scan where
 * the manifest waits for the scan's end (time a first sync would spend with nothing to
 * index: docs/FACTS.md). Then the copy is diffed against the manifest like any other
 * sync: what the stream missed (cut short, or written while it ran) comes in batches.
 */
async function firstSync(
  deps: SyncDeps,
  exportNotes: () => AsyncIterable<NoteContent[]>,
  asked: Promise<Manifest>,
): Promise<Map<string, string>> {
  let total = 0;
  asked.then(
    (m) => {
      total = m.notes.length;
    },
    () => undefined,
  );
  let seen: Map<string, string> | null = null;
  try {
    seen = await copyExport(deps, exportNotes(), new Map(), () => total);
  } catch {
    // Broken stream: what arrived is stored (held chunks now), the diff below brings the rest.
    await deps.held?.write();
  }
  const manifest = await asked;
  // After a whole stream the copy holds (or will, once held chunks are written) what it had.
  const { fetch, remove } = diffManifest(manifest.notes, seen ?? (await copiedHashes()));
  // The held chunks go first, or they would later undo what follows.
  if (fetch.length > 0 || remove.length > 0) await deps.held?.write();
  if (remove.length > 0) {
    await updateCachedNotes([], remove);
    await deps.onChange({ upserted: [], removed: remove });
  }
  await copyBatches(deps, fetch);
  const hashes = new Map(manifest.notes.map((e) => [e.path, e.hash]));
  for (const [path, hash] of seen ?? []) if (hashes.has(path)) hashes.set(path, hash);
  return hashes;
}
