import type { ChatRequestInput } from '../../common/chat-schemas.ts';
import type { TurnRecord } from '../db/records.ts';
import { putTurn } from '../db/turns-repo.ts';
import { streamChat } from '../lib/api.ts';
import { ApiError } from '../lib/api-error.ts';
import { TURN_SAVE_INTERVAL_MS } from '../lib/timing.ts';
import { applyChatEvent } from './apply-chat-event.ts';
import type { ChatCore } from './chat-core.ts';
import { chipLabel, chipsToRequest } from './chips.ts';
import { selectHistory } from './history.ts';
import { newId } from './new-id.ts';

/** Harness default when the context has not loaded yet (DESIGN.md: last 10 turns). */
const DEFAULT_HISTORY_TURNS = 10;

/** How many characters of the first message make a conversation's title. */
const TITLE_CHARS = 60;

/** Sending turns and streaming answers into the store and IndexedDB. */
export function createSender(core: ChatCore) {
  const { state, setState } = core;
  let controller: AbortController | null = null;

  const turn = (
    role: TurnRecord['role'],
    content: string,
    extra: Partial<TurnRecord>,
  ): TurnRecord => {
    const conversationId = state.conversation?.id ?? '';
    const index = (state.turns.at(-1)?.index ?? -1) + 1;
    return {
      id: newId(),
      conversationId,
      index,
      role,
      content,
      status: 'complete',
      createdAt: Date.now(),
      ...extra,
    };
  };

  /** Adds a turn to the screen, saved first: a reload right after still shows it. */
  const append = async (record: TurnRecord) => {
    await putTurn(record);
    setState('turns', state.turns.length, record);
  };

  const update = (record: TurnRecord) => {
    const i = state.turns.findIndex((t) => t.id === record.id);
    if (i !== -1) setState('turns', i, record);
  };

  /**
   * A finished answer may become proposals: its `[[links]]` synapses, a closing the
   * closing itself. The proposals code loads only then.
   */
  const afterAnswer = (done: TurnRecord) => {
    if (done.status !== 'complete' || done.mode === 'summary') return;
    if (done.mode !== 'closing' && !done.content.includes('[[')) return;
    import('../proposals/proposal-actions.ts')
      .then((m) => m.afterAnswer(core, done))
      .catch(core.report);
  };

  /** Streams one answer into `answer`, saving it every so often and once at the end. */
  const stream = async (request: ChatRequestInput, answer: TurnRecord) => {
    controller = new AbortController();
    const signal = controller.signal;
    setState('streaming', true);
    let current = answer;
    let savedAt = Date.now();
    try {
      for await (const event of streamChat(request, signal)) {
        current = applyChatEvent(current, event);
        update(current);
        if (Date.now() - savedAt >= TURN_SAVE_INTERVAL_MS) {
          savedAt = Date.now();
          putTurn(current).catch(core.report);
        }
      }
      if (signal.aborted) current = { ...current, status: 'stopped' };
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'internal';
      const message = error instanceof Error ? error.message : String(error);
      current = {
        ...current,
        status: signal.aborted ? 'stopped' : 'error',
        error: { code, message },
      };
    } finally {
      // A stream that ended without done or error is an answer that did not finish.
      if (current.status === 'streaming') current = { ...current, status: 'cut' };
      update(current);
      await putTurn(current).catch(core.report);
      controller = null;
      setState('streaming', false);
    }
    afterAnswer(current);
  };

  const base = () => {
    const c = state.conversation;
    const limit = state.context?.historyTurns ?? DEFAULT_HISTORY_TURNS;
    return {
      profile: c?.profile,
      project: c?.project ?? null,
      history: selectHistory(state.turns, limit),
    };
  };

  return {
    /** Sends a message with the chips; the user turn is saved before the request leaves. */
    async send(message: string) {
      const c = state.conversation;
      if (!c || state.streaming) return;
      const request = { mode: 'chat' as const, message, ...base(), ...chipsToRequest(state.chips) };
      const attached = [...state.chips.map((chip) => chipLabel(chip, core.i18n.t))];
      if (c.project) attached.push(core.i18n.t('chip.project', { name: c.project }));
      await append(turn('user', message, { attached }));
      setState({ text: '', chips: [], panel: { kind: 'none' } });
      core.saveDraft();
      const patch = c.title === '' ? { title: message.slice(0, TITLE_CHARS) } : {};
      await core.patchConversation(request.recall ? { ...patch, recall: true } : patch);
      const answer = turn('assistant', '', { status: 'streaming' });
      await append(answer);
      await stream(request, answer);
    },
    /** /resumir: a summary of the history as an assistant turn; the history stays. */
    async summarize() {
      if (!state.conversation || state.streaming) return;
      const answer = turn('assistant', '', { status: 'streaming', mode: 'summary' });
      setState('panel', { kind: 'none' });
      await append(answer);
      await stream({ mode: 'summary', ...base() }, answer);
    },
    /** /cerrar: the model writes the session closing as a turn, then it becomes a proposal. */
    async close() {
      if (!state.conversation || state.streaming) return;
      const answer = turn('assistant', '', { status: 'streaming', mode: 'closing' });
      setState('panel', { kind: 'none' });
      await append(answer);
      await stream({ mode: 'closing', ...base() }, answer);
    },
    /** Stops the answer being streamed; its text so far is kept as `stopped`. */
    stop() {
      controller?.abort();
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
