import { useStores } from '../app/store-context.tsx';
import { setSuggestNotes, suggestOn } from './suggest-setting.ts';

/** The visible switch for related notes while typing (remembered by this browser). */
export function SuggestToggle() {
  const t = useStores().i18n.t;
  return (
    <label class="suggest-toggle" data-testid="suggest-toggle">
      <input
        type="checkbox"
        checked={suggestOn()}
        onChange={(e) => setSuggestNotes(e.currentTarget.checked)}
      />
      {t('suggest.toggle')}
    </label>
  );
}
