import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { ChatTurn } from '../common/chat-schemas.ts';
import type { Conversation } from '../common/cli-schemas.ts';
import type {
  ConversationList,
  ConversationPage,
  SyncTurn,
} from '../common/conversation-schemas.ts';
import { conversationTitle } from '../common/conversation-title.ts';
import type { SomaClient } from './soma-client.ts';

/** Most earlier turns a chat request carries (the server keeps the harness's last N of them). */
const MAX_HISTORY = 200;

/** The conversation a run continues: the terminal's own, or a synchronised one chosen by id. */
export interface Thread {
  /** Earlier turns to send as history, oldest first. */
  history: ChatTurn[];
  /** The conversation's profile and project (a chosen one's), used when no flag names them. */
  profile: string | null;
  project: string | null;
  /** Set for a chosen conversation: the answer's text goes to the other devices as it streams. */
  conversationId: string | null;
  /** Before the answer: a chosen conversation gets the question (409 while another is answered). */
  ask(question: string): Promise<void>;
  /** After the answer: the exchange is kept (`status` says how the answer ended). */
  answered(question: string, answer: string, status: 'complete' | 'error'): Promise<void>;
}

/** A turn of a synchronised conversation before the server has it. */
type NewTurn = Omit<SyncTurn, 'id' | 'createdAt'>;

/** A new turn with its own id and time, as a synchronised conversation keeps it. */
const stamped = (turn: NewTurn): SyncTurn => ({ ...turn, id: randomUUID(), createdAt: Date.now() });

/** A synchronised conversation's question and answer, each appended through `append` as it comes. */
function appendingTurns(
  append: (turn: NewTurn) => Promise<unknown>,
): Pick<Thread, 'ask' | 'answered'> {
  return {
    ask: async (question) => {
      await append({ role: 'user', content: question, status: 'complete' });
    },
    answered: async (_question, answer, status) => {
      await append({ role: 'assistant', content: answer, status });
    },
  };
}

/** The thread of `id`, or the terminal's own when `id` is null. */
export async function openThread(client: SomaClient, id: string | null): Promise<Thread> {
  if (id === null) {
    const { turns } = await client.json<Conversation>('/api/conversation');
    return {
      history: turns,
      profile: null,
      project: null,
      conversationId: null,
      ask: async () => undefined,
      answered: async (question, answer) => {
        await client.json('/api/conversation/turns', {
          method: 'POST',
          body: {
            turns: [
              { role: 'user', content: question },
              { role: 'assistant', content: answer },
            ],
          },
        });
      },
    };
  }
  const path = `/api/conversations/${encodeURIComponent(id)}`;
  const page = await client.json<ConversationPage>(path);
  const append = (turn: NewTurn) =>
    client.json(`${path}/turns`, { method: 'POST', body: { turn: stamped(turn) } });
  return {
    // Summaries and closings stay out of the history, as in the app.
    history: page.turns
      .filter((t) => (t.mode ?? 'chat') === 'chat')
      .map((t) => ({ role: t.role, content: t.content }))
      .slice(-MAX_HISTORY),
    profile: page.profile,
    project: page.project,
    conversationId: id,
    ...appendingTurns(append),
  };
}

/**
 * `soma --conversacion ID --reiniciar`: as `/reiniciar` in the app, clearing a synchronised
 * conversation deletes it on every device (the laptop keeps no old turns), and the run goes
 * on in a new one with the same profile and project, created by its first question.
 */
export async function restartConversation(client: SomaClient, id: string): Promise<Thread> {
  const path = `/api/conversations/${encodeURIComponent(id)}`;
  const old = await client.json<ConversationPage>(path);
  await client.json(path, { method: 'DELETE' });
  const fresh = randomUUID();
  let created = false;
  const append = async (turn: NewTurn) => {
    const meta = created
      ? undefined
      : { title: conversationTitle(turn.content), profile: old.profile, project: old.project };
    await client.json(`/api/conversations/${fresh}/turns`, {
      method: 'POST',
      body: { turn: stamped(turn), ...(meta ? { meta } : {}) },
    });
    created = true;
  };
  return {
    history: [],
    profile: old.profile,
    project: old.project,
    conversationId: fresh,
    ...appendingTurns(append),
  };
}

/** `soma --conversaciones`: the most recent conversations of every device, one a line. */
export async function printConversations(client: SomaClient, out: Writable): Promise<void> {
  const list = await client.json<ConversationList>('/api/conversations?limit=30');
  if (list.conversations.length === 0) {
    out.write('No hay conversaciones todavía.\n');
    return;
  }
  for (const c of list.conversations) {
    const when = new Date(c.updatedAt).toLocaleString('es-ES', {
      dateStyle: 'short',
      timeStyle: 'short',
    });
    out.write(`${c.id}  ${when}  ${c.turns} turnos  ${c.title || '(sin título)'}\n`);
  }
  if (list.total > list.conversations.length) {
    out.write(`… y ${list.total - list.conversations.length} más.\n`);
  }
}
