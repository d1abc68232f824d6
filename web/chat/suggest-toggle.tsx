import { useStores } from '../state/use-stores.ts';

/** The visible switch for related notes while typing (remembered by this browser). */
export function SuggestToggle() {
  const stores = useStores();
  const t = stores.i18n.t;
  return (
    <label class="suggest-toggle" data-testid="suggest-toggle">
      <input
        type="checkbox"
        checked={stores.preferences.suggestNotes()}
        onChange={(e) => stores.preferences.setSuggestNotes(e.currentTarget.checked)}
      />
      {t('suggest.toggle')}
    </label>
  );
}
