import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { HarnessStatus, VaultEvent } from '../../common/api-schemas.ts';
import type { ConversationEvent } from '../../common/conversation-schemas.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';

/** How often an idle event stream sends a comment, so proxies and phones keep it open. */
export const HEARTBEAT_MS = 25_000;

export interface EventSources {
  onVaultEvent(listener: (event: VaultEvent) => void): () => void;
  onHarnessChange(listener: (status: HarnessStatus) => void): () => void;
  /** The long-term layer started, stopped or changed state. */
  onEmbeddingsChange?(listener: () => void): () => void;
  /** Changes to the synchronised conversations (absent: none are sent). */
  onConversationEvent?(listener: (event: ConversationEvent) => void): () => void;
  /** Whether the stream's session still exists: a revoked one's stream ends at once. */
  isLive?(sessionId: string): boolean;
}

/**
 * GET / — server-sent events: `vault` (a note was added, changed, skipped or
 * removed by any program), `harness` (the harness was reloaded or refused) and
 * `embeddings` (the long-term layer started, stopped or changed state: copy its vectors).
 * `conversation` (a synchronised conversation changed, or its answer is being written).
 */
export function eventsRoute(sources: EventSources): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get('/', (c) =>
    streamSSE(c, async (stream) => {
      const queue: { event: string; data: string }[] = [];
      let wake: (() => void) | null = null;
      const push = (event: string, payload: unknown) => {
        queue.push({ event, data: JSON.stringify(payload) });
        wake?.();
      };
      const offVault = sources.onVaultEvent((e) => push('vault', e));
      const offHarness = sources.onHarnessChange((s) => push('harness', s));
      const offEmbeddings =
        sources.onEmbeddingsChange?.(() => push('embeddings', {})) ?? (() => {});
      const offConversation = sources.onConversationEvent?.((e) => push('conversation', e));
      const sessionId = c.var.session?.id;
      const live = () => sessionId === undefined || (sources.isLive?.(sessionId) ?? true);
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (open) {
          // Checked before every write: revoking a session ends its stream before it hears more.
          if (!live()) break;
          const next = queue.shift();
          if (next) {
            await stream.writeSSE(next);
            continue;
          }
          const timedOut = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve(false);
            };
          });
          wake = null;
          if (timedOut && open) await stream.write(': latido\n\n');
        }
      } finally {
        offVault();
        offHarness();
        offEmbeddings();
        offConversation?.();
      }
    }),
  );
  return app;
}
