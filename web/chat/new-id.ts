/** A random id for records made in this browser. */
export function newId(): string {
  // randomUUID needs a secure context; a page opened over plain HTTP on the LAN has none.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
