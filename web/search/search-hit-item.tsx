import { noteHash } from '../app/route.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';
import type { SearchHit } from './search-types.ts';

/** One result of the search view: the note (a link that opens it), its folder and snippet. */
export function SearchHitItem(props: { hit: SearchHit }) {
  return (
    <li class="hit search-hit" data-testid="search-hit">
      <a href={noteHash(props.hit.path)}>{props.hit.title}</a>{' '}
      <span class="muted hit-path">{props.hit.folder}</span>
      <HighlightedSnippet text={props.hit.snippet} marks={props.hit.marks} />
    </li>
  );
}
