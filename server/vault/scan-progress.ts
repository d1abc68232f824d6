/**
 * How far the vault's first scan has come, so that the export (GET /api/vault/export) of
 * a first sync follows it instead of waiting for its end: a cold scan of a big vault
 * took a noticeable part of a first sync's wall time, during which the browser had
 * nothing to index (measured: docs/FACTS.md).
 */
export class ScanProgress {
  private files: readonly string[] = [];
  private indexed = 0;
  private finished = false;
  private waiting: (() => void)[] = [];

  /** The scan has listed the files it will read, in that order. */
  listed(files: readonly string[]): void {
    this.files = files;
    this.wake();
  }

  /** The scan has indexed the first `count` listed files. */
  advanced(count: number): void {
    this.indexed = count;
    if (this.waiting.length > 0) this.wake();
  }

  /** The scan ended (or failed): whatever follows it stops at what was indexed. */
  finish(): void {
    this.finished = true;
    this.wake();
  }

  /** The listed files (vault-relative paths), each once the scan has indexed it. */
  async *follow(): AsyncGenerator<string> {
    let i = 0;
    for (;;) {
      while (i < this.indexed) yield this.files[i++]!;
      if (this.finished) return;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
