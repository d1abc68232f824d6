import { For } from 'solid-js';
import { searchHash } from '../../router/route.ts';
import { useStores } from '../../state/use-stores.ts';

/** Folder and tag filters of the search view; they live in the URL like the query. */
export function SearchFilters(props: { query: string; folder: string; tag: string }) {
  const stores = useStores();
  const t = stores.i18n.t;
  const folders = () => (stores.vault.rows('') ?? []).filter((c) => c.type === 'folder');
  const go = (folder: string, tag: string) => {
    history.replaceState(null, '', searchHash(props.query, folder, tag));
    stores.router.refresh();
  };
  return (
    <div class="search-filters">
      <label>
        {t('search.folder')}
        <select
          data-testid="search-folder"
          value={props.folder}
          onChange={(e) => go(e.currentTarget.value, props.tag)}
        >
          <option value="">{t('search.allFolders')}</option>
          <For each={folders()}>{(f) => <option value={f.path}>{f.name}</option>}</For>
        </select>
      </label>
      <label>
        {t('search.tag')}
        <input
          type="text"
          data-testid="search-tag"
          value={props.tag}
          onChange={(e) => go(props.folder, e.currentTarget.value.trim().replace(/^#/, ''))}
        />
      </label>
    </div>
  );
}
