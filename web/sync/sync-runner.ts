import { createSignal } from 'solid-js';
import type { ConversationEvent } from '../../common/conversation-schemas.ts';
import { getConversationsSyncedAt } from '../db/settings-repo.ts';
import { coalescedRun } from '../lib/coalesced-run.ts';
import type { AnswerInProgress, SyncOutcome } from './conversation-sync.ts';

/** An answer another device is being given: its question, and its text as it arrives. */
export interface WatchedAnswer {
  question: string;
  text: string;
}

/**
 * Keeps this browser's conversations in step with the laptop's copy: a sync at start, after
 * each answer, and whenever another device changes a conversation. Syncs never overlap; one
 * asked for while another runs follows it. Offline, the last sync's time is kept to show.
 */
export function createConversationSync(deps: {
  /** Called after a sync that brought or dropped something, to show it. */
  changed: (outcome: SyncOutcome) => Promise<void>;
}) {
  const [syncedAt, setSyncedAt] = createSignal<number | null>(null);
  const [offline, setOffline] = createSignal(false);
  const [watched, setWatched] = createSignal<ReadonlyMap<string, WatchedAnswer>>(new Map());
  const watch = (id: string, answer: WatchedAnswer | null) => {
    const next = new Map(watched());
    if (answer) next.set(id, answer);
    else next.delete(id);
    setWatched(next);
  };
  /** A page's word on an answer: its text so far, unless the deltas heard already go further. */
  const learn = ({ id, question, text }: AnswerInProgress) => {
    const heard = watched().get(id);
    if (question === null) watch(id, null);
    else if (heard?.question !== question || !heard.text.startsWith(text)) {
      watch(id, { question, text });
    }
  };
  const once = async () => {
    try {
      // Loaded with the first sync, after the page's start.
      const { syncConversations } = await import('./conversation-sync.ts');
      const outcome = await syncConversations();
      setSyncedAt(outcome.syncedAt);
      setOffline(false);
      if (outcome.pulled > 0 || outcome.deleted > 0 || outcome.changed > 0)
        await deps.changed(outcome);
      // After the turns are shown, so a finished answer replaces its text with no gap.
      for (const answer of outcome.answering) learn(answer);
    } catch {
      // Unreachable (or refused): everything stays for the next sync.
      setOffline(true);
    }
  };

  const run = coalescedRun(once);

  return {
    /** The laptop's clock at the last sync, or null if this browser never synced. */
    syncedAt,
    /** True when the last sync could not reach the laptop. */
    offline,
    /** The answer another device is being given in a conversation, as far as it has arrived. */
    watching: (id: string | undefined): WatchedAnswer | null =>
      id === undefined ? null : (watched().get(id) ?? null),
    run,
    /** Reads the last sync's time, then syncs. */
    async start() {
      setSyncedAt(await getConversationsSyncedAt().catch(() => null));
      await run();
    },
    /** A conversation event from the page's event stream. */
    heard(event: ConversationEvent) {
      // Text of an answer being written, and holds, change nothing stored here: they are
      // shown as the answer arrives, until the sync brings the finished turn.
      if (event.change === 'delta') {
        const heard = watched().get(event.id);
        if (heard) watch(event.id, { ...heard, text: heard.text + (event.text ?? '') });
        return;
      }
      if (event.change === 'answering') {
        if (event.answering && watched().get(event.id)?.question !== event.answering) {
          watch(event.id, { question: event.answering, text: '' });
        }
        return;
      }
      if (event.change === 'deleted') watch(event.id, null);
      void run();
    },
  };
}

export type ConversationSync = ReturnType<typeof createConversationSync>;

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The conversations' sync with the other devices. */
    conversationSync: ConversationSync;
  }
}
