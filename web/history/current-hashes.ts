import { HistoryCurrentAnswerSchema, MAX_CURRENT_PATHS } from '../../common/history-schemas.ts';
import { request } from '../lib/api.ts';
import { ApiError } from '../lib/api-error.ts';

/**
 * What every approved card's «Deshacer» asks: the SHA-256 of a file now. An answer with
 * ten written cards would make ten requests at once on a slow phone link; asks made in
 * the same tick wait for it to end and go together as one GET /api/history/current
 * (in chunks of the route's limit), each path once however many cards ask.
 */

interface Waiter {
  resolve: (hash: string | null) => void;
  reject: (error: unknown) => void;
}

let waiting = new Map<string, Waiter[]>();
/** A flush is set for the end of this tick. */
let scheduled = false;

/** The SHA-256 of the file at vault path `path` now; null when it does not exist. */
export function currentHash(path: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(path);
    if (list) list.push({ resolve, reject });
    else waiting.set(path, [{ resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

function flush(): void {
  const batch = waiting;
  waiting = new Map();
  scheduled = false;
  const paths = [...batch.keys()];
  for (let i = 0; i < paths.length; i += MAX_CURRENT_PATHS) {
    void ask(paths.slice(i, i + MAX_CURRENT_PATHS), batch);
  }
}

async function ask(paths: string[], batch: Map<string, Waiter[]>): Promise<void> {
  const query = paths.map((p) => `path=${encodeURIComponent(p)}`).join('&');
  try {
    const { files } = await request(HistoryCurrentAnswerSchema, `/api/history/current?${query}`);
    for (const [i, path] of paths.entries()) {
      const file = files[i];
      for (const w of batch.get(path) ?? []) {
        if (file?.path !== path)
          w.reject(new ApiError('bad_answer', 'Respuesta sin esa ruta', 200));
        else if (file.error)
          w.reject(new ApiError(file.error, file.error, 400, undefined, { path }));
        else w.resolve(file.current);
      }
    }
  } catch (error) {
    for (const path of paths) for (const w of batch.get(path) ?? []) w.reject(error);
  }
}
