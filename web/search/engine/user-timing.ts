/**
 * A User Timing measure from `start` to now (the reload's steps, in the
 * browser's performance panel, read by the bench's timeline); returns now.
 */
export function measured(name: string, start: number): number {
  const end = performance.now();
  performance.measure(name, { start, end });
  return end;
}
