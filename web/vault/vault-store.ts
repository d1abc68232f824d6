import { batch, createSignal } from 'solid-js';
import { createStore } from 'solid-js/store';
import type { HarnessStatus, Note, Status, VaultEvent } from '../../common/api-schemas.ts';
import type { ConversationEvent } from '../../common/conversation-schemas.ts';
import { getFolder, getStatus, openEvents } from '../lib/api.ts';
import { ApiError, isNetworkError, isSessionError } from '../lib/api-error.ts';
import { EVENTS_RETRY_MS, NOTE_LOADING_SHOWN_AFTER_MS } from '../lib/timing.ts';
import { readNote } from '../offline/read-note.ts';
import { afterPaint } from '../ui/after-paint.ts';
import { createFolderRows } from './folder-rows.ts';
import { ancestorFolders, eventPath } from './tree-paths.ts';

/** What the note pane shows. `gone` means a note that was open was deleted or renamed. */
export type NoteState =
  | { status: 'idle' }
  | { status: 'loading'; path: string }
  | { status: 'ready'; path: string; note: Note }
  | { status: 'gone'; path: string }
  | { status: 'error'; path: string; error: unknown };

export type EventsStatus = 'off' | 'open' | 'reconnecting';

/** The vault as the browser sees it: tree, the open note, and the live event stream. */
export function createVaultStore(report: (error: unknown) => void) {
  const conversationListeners = new Set<(event: ConversationEvent) => void>();
  const pathListeners = new Set<(path: string) => void>();
  const [state, setState] = createStore<{ status: Status | null }>({ status: null });
  const tree = createFolderRows(getFolder, report);
  const [note, setNote] = createSignal<NoteState>({ status: 'idle' });
  /** The note on its way while the one before it is still shown (see loadNote), or null. */
  const [pending, setPending] = createSignal<string | null>(null);
  let loadingTimer: ReturnType<typeof setTimeout> | undefined;
  /** The note opened and painted, which the tree now brings into view; null when none is. */
  const [painted, setPainted] = createSignal<string | null>(null);
  const [expanded, setExpanded] = createStore<Record<string, boolean>>({});
  const [events, setEvents] = createSignal<EventsStatus>('off');
  let closeEvents: (() => void) | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let noteRequest = 0;
  /** Harness events received, and the last one: a status read that overlaps one keeps it. */
  let harnessEvents = 0;
  let lastHarness: HarnessStatus | null = null;

  /**
   * Reads the status. Its answer may have been made before a harness event that the
   * page has already applied; it must not undo that event (the banner would vanish).
   */
  const readStatus = async () => {
    const seen = harnessEvents;
    const status = await getStatus();
    const harness = seen !== harnessEvents && lastHarness ? lastHarness : status.harness;
    setState('status', { ...status, harness });
  };

  /** Ends a wait for the next note: the pane shows the note, its error or its loading state. */
  const endPending = () => {
    clearTimeout(loadingTimer);
    setPending(null);
  };

  const loadNote = async (path: string, quiet: boolean) => {
    const request = ++noteRequest;
    const before = note();
    // Read again while on its way (its file changed, the stream reconnected, the route
    // asked twice): the wait goes on as it was, and only the newest read is shown.
    const onItsWay = pending() === path;
    if (!onItsWay) endPending();
    if (!quiet && !onItsWay) {
      if (before.status === 'ready' && before.path !== path) {
        // The note shown stays (the pane marked busy) while the next one is on its way: a
        // quick answer replaces it in one update, without a loading state drawn in between.
        setPending(path);
        loadingTimer = setTimeout(() => {
          if (pending() !== path) return;
          setPending(null);
          setNote({ status: 'loading', path });
        }, NOTE_LOADING_SHOWN_AFTER_MS);
      } else setNote({ status: 'loading', path });
    }
    const wasShown = 'path' in before && before.path === path && before.status === 'ready';
    try {
      const loaded = await readNote(path);
      if (request !== noteRequest) return;
      batch(() => {
        endPending();
        setNote({ status: 'ready', path, note: loaded });
      });
    } catch (error) {
      if (request !== noteRequest) return;
      endPending();
      const missing = error instanceof ApiError && ['not_found', 'not_a_note'].includes(error.code);
      if (missing && wasShown) setNote({ status: 'gone', path });
      else setNote({ status: 'error', path, error });
      // The pane explains the error; the banner also hears of a downed server or a lost session.
      if (isNetworkError(error) || isSessionError(error)) report(error);
    }
  };

  /**
   * The note the pane is for: the one on its way while the one before it is still shown.
   * A change to the leaving note must not read it again: that read would replace the
   * request of the note on its way, which would then never be shown.
   */
  const currentPath = () => {
    const current = note();
    return pending() ?? ('path' in current ? current.path : null);
  };

  const onVaultEvent = (event: VaultEvent) => {
    const path = eventPath(event);
    const listed =
      event.type === 'upsert' && tree.edited(path, event.entry.size, event.entry.mtime);
    if (!listed) tree.changed(path);
    for (const listener of pathListeners) listener(path);
    if (path !== currentPath()) return;
    if (event.type === 'remove') {
      // A read still out for it is not shown.
      noteRequest++;
      endPending();
      setNote({ status: 'gone', path });
    } else void loadNote(path, true);
  };

  const connectEvents = () => {
    closeEvents?.();
    let opened = false;
    closeEvents = openEvents({
      onOpen() {
        // Events may have been missed while the stream was down: catch up.
        if (events() === 'reconnecting') {
          void tree.reloadAll();
          const path = currentPath();
          if (path && note().status !== 'gone') void loadNote(path, true);
        }
        // A harness edit between the status read and this moment sent its event to nobody.
        readStatus().catch(() => undefined);
        opened = true;
        setEvents('open');
      },
      onVault: onVaultEvent,
      onConversation: (event) => {
        for (const listener of conversationListeners) listener(event);
      },
      onHarness: (harness) => {
        harnessEvents++;
        lastHarness = harness;
        if (state.status) setState('status', 'harness', harness);
      },
      onError(closed) {
        if (opened || closed) setEvents('reconnecting');
        if (!closed) return;
        // The browser gave up (the server answered an error): reopen it ourselves.
        clearTimeout(reopenTimer);
        reopenTimer = setTimeout(connectEvents, EVENTS_RETRY_MS);
      },
    });
  };

  return {
    state,
    note,
    /** The path of the note being opened while another is still shown, or null. */
    notePending: pending,
    /**
     * The open note once painted (its folders asked to open then), or null: what the tree
     * scrolls to. Scrolling the tree at the click laid it out and redrew its rows before
     * the note itself could be drawn.
     */
    notePainted: painted,
    events,
    /** Hears conversation events on this page's one event stream; returns how to stop. */
    onConversationEvent(listener: (event: ConversationEvent) => void): () => void {
      conversationListeners.add(listener);
      return () => conversationListeners.delete(listener);
    },
    /** Hears the path of every file the vault stream says changed or went; returns how to stop. */
    onPathChanged(listener: (path: string) => void): () => void {
      pathListeners.add(listener);
      return () => pathListeners.delete(listener);
    },
    /** A folder's rows ('' is the vault's top level); null before the tree loads or once it is gone. */
    rows: tree.rows,
    isExpanded: (path: string) => expanded[path] === true,
    toggleFolder(path: string) {
      setExpanded(path, (open) => !open);
      if (expanded[path]) tree.need(path);
    },
    /** Loads the status and the tree, and starts following changes. Safe to call again. */
    async start() {
      try {
        await readStatus();
      } catch (error) {
        report(error);
      }
      tree.need('');
      if (!closeEvents) connectEvents();
    },
    /** Reads the status again (the audit banner, while the audit log is broken). */
    async refreshStatus() {
      try {
        await readStatus();
      } catch {
        // The connection store reports an unreachable server; the next check tries again.
      }
    },
    stop() {
      closeEvents?.();
      closeEvents = null;
      clearTimeout(reopenTimer);
      setEvents('off');
    },
    /**
     * Shows a note, then opens the folders above it in the tree. The tree waits until the
     * note is painted: a folder of a thousand notes takes a long task to draw, which must
     * not stand between the user and the note (nor does a note left before it answered).
     */
    async openNote(path: string) {
      await loadNote(path, false);
      if (currentPath() !== path) return;
      await new Promise<void>((resolve) => afterPaint(resolve));
      if (currentPath() !== path) return;
      batch(() => {
        for (const folder of ancestorFolders(path)) {
          setExpanded(folder, true);
          tree.need(folder);
        }
        setPainted(path);
      });
    },
    closeNote() {
      noteRequest++;
      endPending();
      setPainted(null);
      setNote({ status: 'idle' });
    },
    /** Reloads the open note in place (after a reconnect or a retry). */
    async reloadNote() {
      const path = currentPath();
      if (path && note().status !== 'gone') await loadNote(path, note().status === 'ready');
    },
  };
}

export type VaultStore = ReturnType<typeof createVaultStore>;

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The vault tree, the open note and the server's events. */
    vault: VaultStore;
  }
}
