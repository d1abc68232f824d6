import { Hono } from 'hono';
import { ConversationAppendSchema } from '../../common/cli-schemas.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import type { ConversationStore } from './conversation-store.ts';

/**
 * The caller's server-side conversation, mounted at `/api/conversation` behind the
 * session check: what the `soma` command sends as history, one conversation per session.
 */
export function conversationRoutes(deps: {
  store: ConversationStore;
  harness: HarnessStore;
}): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get('/', async (c) => {
    return c.json({ turns: deps.store.turns(c.var.session.id) });
  });
  app.post('/turns', async (c) => {
    const body = await parseJsonBody(c, ConversationAppendSchema);
    await deps.store.append(c.var.session.id, body.turns, deps.harness.current().history.turns);
    return c.body(null, 204);
  });
  app.delete('/', async (c) => {
    await deps.store.clear(c.var.session.id);
    return c.body(null, 204);
  });
  return app;
}
