/** The screens the URL hash can point at. */
export type Route =
  | { name: 'home' }
  | { name: 'note'; path: string }
  | { name: 'search'; query: string; folder: string; tag: string }
  | { name: 'audit' }
  | { name: 'devices' }
  | { name: 'embeddings' };

const NOTE_PREFIX = '/nota/';
const SEARCH_PATH = '/buscar';
/** `#/dispositivos`: paired devices, LAN mode and pairing a phone. */
export const DEVICES_PATH = '/dispositivos';
/** `#/semantica`: the long-term layer's status, consent and switch. */
export const EMBEDDINGS_HASH = '#/semantica';
/** Every write SOMA made to the vault. */
export const AUDIT_HASH = '#/auditoria';

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
  if (value === SEARCH_PATH || value.startsWith(`${SEARCH_PATH}?`)) return parseSearch(value);
  if (value === DEVICES_PATH) return { name: 'devices' };
  if (`#${value}` === AUDIT_HASH) return { name: 'audit' };
  if (`#${value}` === EMBEDDINGS_HASH) return { name: 'embeddings' };
  if (!value.startsWith(NOTE_PREFIX)) return { name: 'home' };
  const segments = value.slice(NOTE_PREFIX.length).split('/').map(decodeSegment);
  if (segments.some((s) => s === null || s === '')) return { name: 'home' };
  return { name: 'note', path: segments.join('/').normalize('NFC') };
}

/**
 * Does this screen ask the search worker a question as soon as it shows? The
 * search view with a query does, and so does a note (its related notes). A
 * reload there says so to the worker, whose sync then waits for that answer.
 */
export function asksSearchAtOnce(route: Route): boolean {
  return route.name === 'note' || (route.name === 'search' && route.query.trim() !== '');
}

/** `#/buscar?q=…&carpeta=…&etiqueta=…`: the search view with its query and filters. */
function parseSearch(value: string): Route {
  const params = new URLSearchParams(value.slice(SEARCH_PATH.length + 1));
  const get = (key: string) => (params.get(key) ?? '').normalize('NFC');
  return { name: 'search', query: get('q'), folder: get('carpeta'), tag: get('etiqueta') };
}

/** The hash of the search view for a query and its filters (empty ones left out). */
export function searchHash(query: string, folder = '', tag = ''): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (folder) params.set('carpeta', folder);
  if (tag) params.set('etiqueta', tag);
  const qs = params.toString();
  return `#${SEARCH_PATH}${qs ? `?${qs}` : ''}`;
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
