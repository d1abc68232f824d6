import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { HarnessStatus, VaultEvent } from '../../common/api-schemas.ts';

/** How often an idle event stream sends a comment, so proxies and phones keep it open. */
export const HEARTBEAT_MS = 25_000;

export interface EventSources {
  onVaultEvent(listener: (event: VaultEvent) => void): () => void;
  onHarnessChange(listener: (status: HarnessStatus) => void): () => void;
  /** The long-term layer started, stopped or changed state. */
  onEmbeddingsChange?(listener: () => void): () => void;
}

/**
 * GET / — server-sent events: `vault` (a note was added, changed, skipped or
 * removed by any program), `harness` (the harness was reloaded or refused) and
 * `embeddings` (the long-term layer started, stopped or changed state: copy its vectors).
 */
export function eventsRoute(sources: EventSources): Hono {
  const app = new Hono();
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
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (open) {
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
      }
    }),
  );
  return app;
}
