import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { ConversationAppendSchema } from '../../common/cli-schemas.ts';
import { conversationTitle } from '../../common/conversation-title.ts';
import type { AuthEnv } from '../auth/session-middleware.ts';
import { appendAnswer } from '../conversations/conversation-routes.ts';
import type { ConversationStore } from '../conversations/conversation-store.ts';
import { terminalPrefix } from '../conversations/terminal-prefix.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';

/**
 * The caller's terminal conversation, mounted at `/api/conversation` behind the session
 * check: what `soma` sends as history when no conversation is chosen. It is one of the
 * synchronised conversations (listed on every device); `DELETE` deletes it, and the next
 * question starts a new one.
 */
export function conversationRoutes(deps: {
  store: ConversationStore;
  harness: HarnessStore;
}): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const current = (sessionId: string) =>
    deps.store.list().conversations.find((s) => s.id.startsWith(terminalPrefix(sessionId)))?.id ??
    null;

  app.get('/', async (c) => {
    const id = current(c.var.session.id);
    const page = id ? await deps.store.page(id) : null;
    const keep = 2 * deps.harness.current().history.turns;
    const turns = (page?.turns ?? [])
      .slice(-keep)
      .map((t) => ({ role: t.role, content: t.content }));
    return c.json({ turns });
  });
  app.post('/turns', async (c) => {
    const body = await parseJsonBody(c, ConversationAppendSchema);
    const session = c.var.session.id;
    const id = current(session) ?? `${terminalPrefix(session)}${Date.now().toString(36)}`;
    const question = body.turns.find((t) => t.role === 'user');
    for (const turn of body.turns) {
      const synced = {
        id: randomUUID(),
        role: turn.role,
        content: turn.content,
        status: 'complete' as const,
        createdAt: Date.now(),
      };
      const meta = question ? { title: conversationTitle(question.content) } : undefined;
      appendAnswer(await deps.store.append(id, synced, current(session) ? undefined : meta));
    }
    return c.body(null, 204);
  });
  app.delete('/', async (c) => {
    const id = current(c.var.session.id);
    if (id) await deps.store.remove(id);
    return c.body(null, 204);
  });
  return app;
}
