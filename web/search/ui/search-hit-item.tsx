import { noteHash } from '../../router/route.ts';
import type { SearchHit } from '../engine/search-types.ts';
import { noteChosen } from './chosen-note.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';

/**
 * One result of the search view: the note (a link that opens it), its folder
 * and snippet. Opening it lets the note ask «¿Era esta?» for `query`.
 */
export function SearchHitItem(props: { hit: SearchHit; query: string }) {
  return (
    <li class="hit search-hit" data-testid="search-hit">
      <a
        href={noteHash(props.hit.path)}
        onClick={() => noteChosen({ query: props.query, path: props.hit.path, from: 'search' })}
      >
        {props.hit.title}
      </a>{' '}
      <span class="muted hit-path">{props.hit.folder}</span>
      <HighlightedSnippet text={props.hit.snippet} marks={props.hit.marks} />
    </li>
  );
}
