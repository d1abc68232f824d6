import { searchHash } from '../../router/route.ts';
import { useStores } from '../../state/use-stores.ts';
import './search.css';

/**
 * The header's search field. Typing opens the search view (`#/buscar?q=…`);
 * while it is open, the URL follows the query without piling up history.
 */
export function SearchBox() {
  const stores = useStores();
  const route = stores.router.route;
  const query = () => {
    const r = route();
    return r.name === 'search' ? r.query : '';
  };
  const onInput = (value: string) => {
    const r = route();
    const hash = r.name === 'search' ? searchHash(value, r.folder, r.tag) : searchHash(value);
    if (r.name === 'search') {
      history.replaceState(null, '', hash);
      stores.router.refresh();
    } else location.hash = hash;
  };
  return (
    <search class="search-box">
      <input
        type="search"
        data-testid="search-box"
        aria-label={stores.i18n.t('search.box')}
        // The label says where; the placeholder stays one word so a phone's narrow box shows it whole.
        placeholder={stores.i18n.t('search.placeholder')}
        value={query()}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </search>
  );
}
