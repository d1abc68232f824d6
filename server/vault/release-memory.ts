/**
 * After a one-off bulk operation (the first scan of a big vault, a whole-vault export),
 * a full collection now hands the megabytes it left behind back to the system; left to
 * itself V8 keeps them for seconds to minutes (measured: docs/FACTS.md). Only where Node
 * runs with --expose-gc, as `npm start` does; a no-op elsewhere.
 */
export function releaseMemory(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}
