import { Show } from 'solid-js';
import type { NoteList } from '../../common/chat-schemas.ts';
import { useStores } from '../state/use-stores.ts';

/** The request schema's limits on the folder list. */
const MAX_FOLDERS = 50;
const MAX_FOLDER_CHARS = 255;

/**
 * Whether the names of the vault's notes go with every message, and which folders stay
 * out: a visible setting (docs/PRODUCT.md), the harness's default until the user changes it.
 */
export function NoteListSetting() {
  const stores = useStores();
  const t = stores.i18n.t;
  const chat = stores.chat;
  const current = (): NoteList =>
    chat.state.noteList ?? chat.state.context?.noteList ?? { enabled: true, excludeFolders: [] };
  const setFolders = (text: string) => {
    const excludeFolders = text
      .split(',')
      .map((f) => f.trim().slice(0, MAX_FOLDER_CHARS))
      .filter((f) => f !== '')
      .slice(0, MAX_FOLDERS);
    chat.setNoteList({ ...current(), excludeFolders });
  };
  return (
    <details class="note-list-setting" data-testid="note-list-setting">
      <summary>
        {t('noteList.title', {
          state: t(current().enabled ? 'noteList.stateOn' : 'noteList.stateOff'),
        })}
      </summary>
      <label>
        <input
          type="checkbox"
          data-testid="note-list-enabled"
          checked={current().enabled}
          onChange={(e) => chat.setNoteList({ ...current(), enabled: e.currentTarget.checked })}
        />{' '}
        {t('noteList.enabled')}
      </label>
      <label class="field">
        {t('noteList.exclude')}
        <input
          type="text"
          data-testid="note-list-exclude"
          value={current().excludeFolders.join(', ')}
          onChange={(e) => setFolders(e.currentTarget.value)}
        />
      </label>
      <Show when={chat.state.noteList}>
        <button type="button" class="button button-quiet" onClick={() => chat.setNoteList(null)}>
          {t('noteList.useDefault')}
        </button>
      </Show>
    </details>
  );
}
