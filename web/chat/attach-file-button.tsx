import { MAX_ATTACHMENT_TEXT } from '../../common/chat-schemas.ts';
import { useStores } from '../state/use-stores.ts';

/** Largest device file read, in bytes: twice the character limit covers any UTF-8 text that fits. */
const MAX_FILE_BYTES = MAX_ATTACHMENT_TEXT * 2;

/** Picks a .md or .txt file from the device and attaches its text; it is never saved to the vault. */
export function AttachFileButton() {
  const stores = useStores();
  const t = stores.i18n.t;
  let input: HTMLInputElement | undefined;
  const read = async (file: File) => {
    const text = file.size <= MAX_FILE_BYTES ? await file.text() : null;
    if (text === null || text.length > MAX_ATTACHMENT_TEXT) {
      stores.chat.showNotice('error', 'file.tooLarge', { name: file.name });
      return;
    }
    stores.chat.addChips([{ kind: 'file', name: file.name, text }]);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        class="visually-hidden"
        accept=".md,.txt,.markdown,text/markdown,text/plain"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attach-file-input"
        // Like the composer: a chip added before the conversation's draft loads would be lost.
        disabled={!stores.chat.state.conversation}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void read(file);
        }}
      />
      <button
        type="button"
        class="button button-quiet"
        data-testid="attach-file"
        disabled={!stores.chat.state.conversation}
        onClick={() => input?.click()}
      >
        {t('composer.attachFile')}
      </button>
    </>
  );
}
