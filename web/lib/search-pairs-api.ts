import * as z from 'zod/mini';
import {
  type SearchPairBody,
  type SearchPairs,
  SearchPairsSchema,
} from '../../common/search-pair-schemas.ts';
import { postJson, request } from './api.ts';

/** A `204` answer: no body. */
const NoContentSchema = z.undefined();

/** Every «¿Era esta?» pair the laptop keeps (also the export), oldest first. */
export function getSearchPairs(): Promise<SearchPairs> {
  return request(SearchPairsSchema, '/api/search-pairs');
}

/** Remembers that `pair.path` was the note `pair.query` was looking for (the user said so). */
export function addSearchPair(pair: SearchPairBody): Promise<undefined> {
  return request(NoContentSchema, '/api/search-pairs', postJson(pair));
}

/** Forgets every pair. */
export function eraseSearchPairs(): Promise<undefined> {
  return request(NoContentSchema, '/api/search-pairs', { method: 'DELETE' });
}
