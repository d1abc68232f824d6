import { useStores } from '../state/use-stores.ts';

/** ES/EN toggle; the visible label is the language it switches to. */
export function LangSwitch() {
  const i18n = useStores().i18n;
  return (
    <button
      type="button"
      class="button button-quiet lang-switch"
      data-testid="lang-switch"
      aria-label={i18n.t('lang.switch')}
      title={i18n.t('lang.switch')}
      onClick={() => i18n.toggle()}
    >
      {i18n.t('lang.label')}
    </button>
  );
}
