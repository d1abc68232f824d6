import { batch } from 'solid-js';
import { conversationTitle } from '../../common/conversation-title.ts';
import type { TurnRecord } from '../db/records.ts';
import { deleteTurns, putTurn } from '../db/turns-repo.ts';
import { createAnswerStream, neverReached } from './answer-stream.ts';
import type { ChatCore } from './chat-core.ts';
import type { ChatState } from './chat-state.ts';
import { chipLabel, chipsToRequest } from './chips.ts';
import type { Conversations } from './conversations.ts';
import type { Draft } from './draft.ts';
import { selectHistory } from './history.ts';
import { newId } from './new-id.ts';

/** Harness default when the context has not loaded yet (docs/PRODUCT.md: last 10 turns). */
const DEFAULT_HISTORY_TURNS = 10;

/** Sending turns: the user's message, then the answer streamed under it. */
export function createSender(core: ChatCore, draft: Draft, conversations: Conversations) {
  const { state, setState } = core;
  const answers = createAnswerStream(core);

  /** Adds a turn to the screen, saved first: a reload right after still shows it. */
  const append = async (record: TurnRecord) => {
    await putTurn(record);
    setState('turns', state.turns.length, record);
  };

  /**
   * An answer asked of the history with the harness's instruction instead of a message
   * (summary, closing). The pinned context goes too, as with every turn of the conversation
   * (the project already does); chips not pinned wait for the next message.
   */
  const answerAlone = async (mode: 'summary' | 'closing') => {
    if (!state.conversation || state.streaming) return;
    const answer = nextTurn(state, 'assistant', '', { status: 'streaming', mode });
    setState('panel', { kind: 'none' });
    await append(answer);
    const pinned = chipsToRequest(state.chips.filter((chip) => chip.pinned));
    await answers.stream({ mode, ...requestBase(state), ...pinned }, answer);
  };

  return {
    /** Sends a message with the chips; the user turn is saved before the request leaves. */
    async send(message: string) {
      const c = state.conversation;
      if (!c || state.streaming) return;
      const chips = chipsToRequest(state.chips);
      const request = { mode: 'chat' as const, message, ...requestBase(state), ...chips };
      const attached = [...state.chips.map((chip) => chipLabel(chip, core.i18n.t))];
      if (c.project) attached.push(core.i18n.t('chip.project', { name: c.project }));
      const question = nextTurn(state, 'user', message, { attached });
      const chipsSent = [...state.chips];
      await append(question);
      // Pinned chips stay for the next turn; the draft saves them, so a reload keeps them.
      setState({
        text: '',
        chips: state.chips.filter((chip) => chip.pinned),
        panel: { kind: 'none' },
      });
      draft.save();
      const title = c.title === '' ? { title: conversationTitle(message) } : {};
      await conversations.patch(request.recall ? { ...title, recall: true } : title);
      // The laptop's copy takes the question first: another device answering there wins.
      // Loaded on the first send: the page's first script does without it. With the server
      // down the module may not load either: then nothing is held, and the answer's own
      // request says the server is unreachable (the message goes back to the composer).
      const hold = await import('../sync/turn-hold.ts').catch(() => null);
      const held = hold ? await hold.sendQuestion(c, question) : 'unreachable';
      if (held === 'busy' || held === 'deleted') {
        await deleteTurns([question.id]).catch(core.report);
        batch(() => {
          setState('turns', (turns) => turns.filter((t) => t.id !== question.id));
          setState({ text: message, chips: chipsSent });
          const key = held === 'busy' ? 'error.conversation_busy' : 'error.conversation_deleted';
          setState('panel', { kind: 'notice', tone: 'error', key });
        });
        draft.save();
        return;
      }
      const answer = nextTurn(state, 'assistant', '', { status: 'streaming' });
      await append(answer);
      const final = await answers.stream(
        held === 'held' ? { ...request, conversationId: c.id } : request,
        answer,
      );
      if (held === 'held') await hold?.sendAnswer(c.id, final);
      // The server was down: the message goes back to the composer (unless something new
      // was typed meanwhile), to be sent again, instead of staying as a dead turn.
      if (!neverReached(final) || state.text !== '' || state.chips.some((chip) => !chip.pinned)) {
        return;
      }
      const gone = new Set([question.id, answer.id]);
      await deleteTurns([...gone]).catch(core.report);
      batch(() => {
        setState('turns', (turns) => turns.filter((t) => !gone.has(t.id)));
        setState({ text: message, chips: chipsSent });
        setState('panel', { kind: 'notice', tone: 'error', key: 'chat.notSent' });
      });
      draft.save();
    },
    /** /resumir: a summary of the history as an assistant turn; the history stays. */
    summarize: () => answerAlone('summary'),
    /** /cerrar: the model writes the session closing as a turn, then it becomes a proposal. */
    close: () => answerAlone('closing'),
    stop: answers.stop,
  };
}

export type Sender = ReturnType<typeof createSender>;

/** The next turn of the open conversation. */
function nextTurn(
  state: ChatState,
  role: TurnRecord['role'],
  content: string,
  extra: Partial<TurnRecord>,
): TurnRecord {
  return {
    id: newId(),
    conversationId: state.conversation?.id ?? '',
    index: (state.turns.at(-1)?.index ?? -1) + 1,
    role,
    content,
    status: 'complete',
    createdAt: Date.now(),
    ...extra,
  };
}

/** What every request carries: the profile, the project and the history to send. */
function requestBase(state: ChatState) {
  const c = state.conversation;
  const limit = state.context?.historyTurns ?? DEFAULT_HISTORY_TURNS;
  return {
    profile: c?.profile,
    project: c?.project ?? null,
    history: selectHistory(state.turns, limit),
    ...(state.noteList ? { noteList: state.noteList } : {}),
  };
}
