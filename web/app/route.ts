/** The screens the URL hash can point at. */
export type Route = { name: 'home' } | { name: 'note'; path: string };

const NOTE_PREFIX = '/nota/';

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Reads the route from `location.hash`: `#/nota/<path>` opens a note (each path
 * segment URI-encoded, compared in NFC); anything else is the home screen.
 */
export function parseHash(hash: string): Route {
  const value = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!value.startsWith(NOTE_PREFIX)) return { name: 'home' };
  const segments = value.slice(NOTE_PREFIX.length).split('/').map(decodeSegment);
  if (segments.some((s) => s === null || s === '')) return { name: 'home' };
  return { name: 'note', path: segments.join('/').normalize('NFC') };
}

/** The hash that opens a note; keeps `/` readable and encodes everything else per segment. */
export function noteHash(path: string): string {
  return `#${NOTE_PREFIX}${path.normalize('NFC').split('/').map(encodeURIComponent).join('/')}`;
}

/** The one-time token of a start-up link (`#login=<token>`), or null when the hash has none. */
export function loginToken(hash: string): string | null {
  const value = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!value.startsWith('login=')) return null;
  const token = new URLSearchParams(value).get('login');
  return token ? token : null;
}
