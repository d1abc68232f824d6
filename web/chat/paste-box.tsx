import { createSignal, onMount } from 'solid-js';
import { MAX_ATTACHMENT_TEXT } from '../../common/chat-schemas.ts';
import { useStores } from '../state/use-stores.ts';

/** /conectar without text: a box to paste into; its text becomes a chip. */
export function PasteBox() {
  const stores = useStores();
  const t = stores.i18n.t;
  const [text, setText] = createSignal('');
  let area: HTMLTextAreaElement | undefined;
  onMount(() => area?.focus());
  const attach = () => {
    stores.chat.addChips([{ kind: 'paste', text: text() }]);
    stores.chat.closePanel();
  };
  return (
    <section class="command-panel paste-box" aria-label={t('paste.title')}>
      <label class="paste-label" for="paste-text">
        {t('paste.title')}
      </label>
      <textarea
        id="paste-text"
        ref={area}
        class="paste-text"
        data-testid="paste-text"
        rows={6}
        maxLength={MAX_ATTACHMENT_TEXT}
        value={text()}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="panel-actions">
        <button type="button" class="button" disabled={text().trim() === ''} onClick={attach}>
          {t('paste.attach')}
        </button>
        <button type="button" class="button button-quiet" onClick={() => stores.chat.closePanel()}>
          {t('paste.cancel')}
        </button>
      </div>
    </section>
  );
}
