import type { HistoryListAnswer, HistoryState } from '../common/history-schemas.ts';

/** How many hex digits name a version at a glance. */
const HASH_PREFIX = 12;

const STATE: Record<HistoryState, string> = {
  current: 'en el archivo',
  superseded: 'reemplazada después',
  changed: 'el archivo cambió fuera de SOMA',
  not_written: 'no llegó a escribirse',
};

const short = (hash: string | null, none: string) => (hash ? hash.slice(0, HASH_PREFIX) : none);

/**
 * `soma --historial RUTA`: one line per write, newest first — time, kind, device,
 * numbered for `--restaurar N`: time, kind, device, previous → new version, and whether
 * it is still on disk. The versions are the hashes
 * the app's «Restaurar esta versión» brings back.
 */
export function historyText(list: HistoryListAnswer): string {
  if (list.writes.length === 0) return `SOMA no ha escrito en ${list.path}.\n`;
  const lines = list.writes.map((w, i) => {
    const versions = `${short(w.before, '(no existía)')} → ${short(w.after, '(borrado)')}`;
    return `${String(i + 1).padStart(3)}. ${w.time}  ${w.kind.padEnd(10)} ${w.session.label}  ${versions}  ${STATE[w.state]}`;
  });
  return `Escrituras de SOMA en ${list.path} (la más reciente primero; soma --historial RUTA --restaurar N vuelve a como estaba antes de la N):\n${lines.join('\n')}\n`;
}
