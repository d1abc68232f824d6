import { ConversationHits } from '../../chat/conversation-hits.tsx';
import { SearchView } from '../../search/ui/search-view.tsx';
import { ModelHelp } from '../../search-help/model-help.tsx';

/** `#/buscar?q=…`: the search view with the model's help and the matching conversations under it (a lazy chunk: the first page does not load it). */
export default function SearchRoute(props: { query: string; folder: string; tag: string }) {
  return (
    <SearchView
      query={props.query}
      folder={props.folder}
      tag={props.tag}
      below={
        <>
          <ModelHelp query={props.query} folder={props.folder} tag={props.tag} />
          <ConversationHits query={props.query} />
        </>
      }
    />
  );
}
