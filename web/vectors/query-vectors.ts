import type { EmbedQueryResponse } from '../../common/embedding-schemas.ts';
import { decodeInt8 } from '../../common/vector-codec.ts';
import { ApiError } from '../lib/api-error.ts';

/** How many query vectors are kept, by text: typing the same words again asks nobody. */
const QUERY_CACHE_SIZE = 32;

/** A query's vector once answered, or the call that will answer it. */
export interface QueryVector {
  asked: Promise<Int8Array>;
  vector?: Int8Array;
}

export interface QueryVectorDeps {
  embedQuery(text: string): Promise<EmbedQueryResponse>;
  /** The generation of the vectors held: a vector of another one cannot be compared. */
  generation(): string;
  /** The server answered with another generation: the held vectors are stale. */
  onStale(): void;
}

/**
 * Query vectors from the server, cached by text (least recently used dropped), asked one
 * at a time: while a call is in flight only the newest text waits for its turn, and a
 * text typed over meanwhile is never sent. A hung server so holds one request, not one
 * per keystroke (each up to the request time-out, the browser's few connections to the
 * server with them).
 */
export function createQueryVectors(deps: QueryVectorDeps) {
  const cache = new Map<string, QueryVector>();
  /** The call in flight, settled or not. */
  let current: Promise<unknown> = Promise.resolve();
  /** The text waiting for its turn (the newest). */
  let next: string | null = null;

  const ask = async (text: string): Promise<Int8Array> => {
    const answer = await deps.embedQuery(text);
    if (answer.generation !== deps.generation()) {
      deps.onStale();
      throw new ApiError('not_ready', 'otra generación de vectores', 0);
    }
    return decodeInt8(answer.vector);
  };

  const queued = (text: string): Promise<Int8Array> => {
    next = text;
    const mine = current.then(
      () => undefined,
      () => undefined,
    );
    const turn = mine.then(() => {
      // Typed over while waiting: a newer text goes instead.
      if (next !== text) throw new ApiError('not_ready', 'sustituida por otra búsqueda', 0);
      next = null;
      return ask(text);
    });
    current = turn;
    return turn;
  };

  return {
    /** The vector for `text`: known, asked already, or asked now (after the call in flight). */
    get(text: string): QueryVector {
      const known = cache.get(text);
      if (known) {
        cache.delete(text); // re-inserted: most recently used last
        cache.set(text, known);
        return known;
      }
      const entry: QueryVector = { asked: queued(text) };
      entry.asked.then(
        (vector) => {
          entry.vector = vector;
        },
        () => cache.delete(text),
      );
      cache.set(text, entry);
      for (const oldest of cache.keys()) {
        if (cache.size <= QUERY_CACHE_SIZE) break;
        cache.delete(oldest);
      }
      return entry;
    },
    /** Forgets every vector (the held vectors changed model or dimensions). */
    clear(): void {
      cache.clear();
    },
  };
}
