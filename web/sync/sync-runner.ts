import { createSignal } from 'solid-js';
import type { ConversationEvent } from '../../common/conversation-schemas.ts';
import { getConversationsSyncedAt } from '../db/settings-repo.ts';
import type { SyncOutcome } from './conversation-sync.ts';

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
  let running: Promise<void> | null = null;
  let again = false;

  const once = async () => {
    try {
      // Loaded with the first sync, after the page's start.
      const { syncConversations } = await import('./conversation-sync.ts');
      const outcome = await syncConversations();
      setSyncedAt(outcome.syncedAt);
      setOffline(false);
      if (outcome.pulled > 0 || outcome.deleted > 0 || outcome.changed > 0)
        await deps.changed(outcome);
    } catch {
      // Unreachable (or refused): everything stays for the next sync.
      setOffline(true);
    }
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await once();
      } while (again);
      running = null;
    })();
    return running;
  };

  return {
    /** The laptop's clock at the last sync, or null if this browser never synced. */
    syncedAt,
    /** True when the last sync could not reach the laptop. */
    offline,
    run,
    /** Reads the last sync's time, then syncs. */
    async start() {
      setSyncedAt(await getConversationsSyncedAt().catch(() => null));
      await run();
    },
    /** A conversation event from the page's event stream. */
    heard(event: ConversationEvent) {
      // Text of an answer being written, and holds, change nothing stored here.
      if (event.change === 'delta' || event.change === 'answering') return;
      void run();
    },
  };
}

export type ConversationSync = ReturnType<typeof createConversationSync>;
