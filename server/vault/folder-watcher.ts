import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';

/** Told the vault-relative and on-disk path of an entry that was created, changed or removed. */
export type EntryChanged = (rel: string, abs: string) => void;

/**
 * Watches folders, not files: one `fs.watch` per folder (inotify on Linux) reports every
 * creation, change, rename and deletion of the entries in it. Watching every file as
 * chokidar does cost the server RSS for every note (measured: docs/FACTS.md). Not
 * recursive: Node 20 has no native recursive watch on Linux, and the vault decides which
 * folders are entered (never a hidden one, never a symlink out of the vault).
 */
export class FolderWatcher {
  /** Vault-relative folder ('' is the root) → its watch. */
  private readonly watches = new Map<string, FSWatcher>();

  constructor(
    private readonly onChange: EntryChanged,
    private readonly log: (message: string, err: unknown) => void,
  ) {}

  /** Starts watching one folder (idempotent). A folder gone meanwhile is skipped. */
  add(rel: string, abs: string): void {
    if (this.watches.has(rel)) return;
    let watcher: FSWatcher;
    try {
      // Not persistent: the server's socket keeps the process alive, a watch alone must not.
      watcher = watch(abs, { persistent: false }, (_event, name) => {
        // inotify names every entry; a nameless event would be about the folder itself.
        if (!name) return;
        const nfc = name.normalize('NFC');
        this.onChange(rel === '' ? nfc : `${rel}/${nfc}`, path.join(abs, name));
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Removed or replaced by a file before it could be watched: its parent reports that.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.log(`no se puede vigilar «${rel}»`, err);
      return;
    }
    watcher.on('error', (err) => {
      this.log(`error al vigilar «${rel}»`, err);
      this.stop(rel);
    });
    this.watches.set(rel, watcher);
  }

  /** Stops watching `rel` and every folder below it. */
  remove(rel: string): void {
    const prefix = `${rel}/`;
    for (const key of [...this.watches.keys()]) {
      if (key === rel || rel === '' || key.startsWith(prefix)) this.stop(key);
    }
  }

  /** How many folders are watched (tests). */
  get size(): number {
    return this.watches.size;
  }

  close(): void {
    this.remove('');
  }

  private stop(rel: string): void {
    this.watches.get(rel)?.close();
    this.watches.delete(rel);
  }
}
