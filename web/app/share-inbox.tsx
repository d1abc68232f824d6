import { createEffect } from 'solid-js';
import { useStores } from '../state/use-stores.ts';
import { parseShare } from './parse-share.ts';
import { takeShared } from './share-target.ts';

/**
 * Puts what another app shared into the composer once the conversation is open: text
 * as a /conectar chip, a link as `/extraer URL`. Nothing is sent: the user reviews first.
 */
export default function ShareInbox() {
  const stores = useStores();
  createEffect(() => {
    if (!stores.chat.state.conversation) return;
    const query = takeShared();
    const shared = query === null ? null : parseShare(query);
    if (!shared) return;
    if (shared.text) stores.chat.addChips([{ kind: 'paste', text: shared.text }]);
    if (shared.url) stores.chat.setText(`/extraer ${shared.url}`);
    stores.chat.showNotice('info', 'share.received');
  });
  return null;
}
