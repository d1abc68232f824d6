import { SearchView } from '../../search/ui/search-view.tsx';

/** `#/buscar?q=…`: the search view (a lazy chunk: the first page does not load it). */
export default function SearchRoute(props: { query: string; folder: string; tag: string }) {
  return <SearchView query={props.query} folder={props.folder} tag={props.tag} />;
}
