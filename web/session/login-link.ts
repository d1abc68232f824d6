import { loginToken } from '../router/route.ts';

let kept: string | null = null;

/**
 * Takes a start-up link's token (`#login=<token>`) out of the address bar, and so out of
 * history and bookmarks. The entry script calls it first thing: the app's modules load a
 * group at a time after it, and a hash changed meanwhile (another route opened at once)
 * must not lose the pairing.
 */
export function keepLoginToken(): void {
  const token = loginToken(location.hash);
  if (!token) return;
  kept = token;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

/** The token kept at boot or in the address bar now (a link pasted into an open tab), handed out once. */
export function takeLoginToken(): string | null {
  keepLoginToken();
  const token = kept;
  kept = null;
  return token;
}
