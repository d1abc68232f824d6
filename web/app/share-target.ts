/**
 * The Web Share Target (manifest `share_target`, GET `/compartir?title&text&url`): what
 * another app shared, kept at start-up and parsed by the lazily loaded share inbox. The
 * URL is replaced at once so a reload does not share twice and the text leaves history.
 */
let pending: string | null = null;

/** Keeps the query of `/compartir?…` if that is where the app opened, and leaves `/#/`. */
export function readShareTarget(): void {
  if (location.pathname !== '/compartir') return;
  pending = location.search;
  history.replaceState(null, '', '/#/');
}

/** Whether something shared waits for the composer. */
export function hasShared(): boolean {
  return pending !== null;
}

/** The shared query string, handed out once. */
export function takeShared(): string | null {
  const shared = pending;
  pending = null;
  return shared;
}
