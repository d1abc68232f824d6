import type { ChatRequestInput } from '../../common/chat-schemas.ts';
import type { TurnRecord } from '../db/records.ts';
import { putTurn } from '../db/turns-repo.ts';
import { streamChat } from '../lib/api.ts';
import { ApiError } from '../lib/api-error.ts';
import { TURN_SAVE_INTERVAL_MS } from '../lib/timing.ts';
import { applyChatEvent } from './apply-chat-event.ts';
import type { ChatCore } from './chat-core.ts';

/** Streams answers into the store and IndexedDB, one at a time, and stops them. */
export function createAnswerStream(core: ChatCore) {
  const { state, setState } = core;
  let controller: AbortController | null = null;

  const update = (record: TurnRecord) => {
    const i = state.turns.findIndex((t) => t.id === record.id);
    if (i !== -1) setState('turns', i, record);
  };

  return {
    /** Streams one answer into `answer`, saving it every so often and once at the end; returns it. */
    async stream(request: ChatRequestInput, answer: TurnRecord): Promise<TurnRecord> {
      controller = new AbortController();
      const signal = controller.signal;
      setState('streaming', true);
      let current = answer;
      let saved: TurnRecord | null = null;
      let savedAt = Date.now();
      try {
        for await (const event of streamChat(request, signal)) {
          current = applyChatEvent(current, event);
          if (current.status !== 'streaming') {
            // An answer shows as finished only once it is saved: a reload right after
            // must find it whole, not an empty turn that recovery marks as cut.
            await putTurn(current).catch(core.report);
            saved = current;
          } else if (Date.now() - savedAt >= TURN_SAVE_INTERVAL_MS) {
            savedAt = Date.now();
            putTurn(current).catch(core.report);
          }
          update(current);
        }
        if (signal.aborted) current = { ...current, status: 'stopped' };
      } catch (error) {
        current = failed(current, error, signal.aborted);
      } finally {
        // A stream that ended without done or error is an answer that did not finish.
        if (current.status === 'streaming') current = { ...current, status: 'cut' };
        if (current !== saved) await putTurn(current).catch(core.report);
        update(current);
        controller = null;
        setState('streaming', false);
      }
      core.hooks.answerFinished(current);
      return current;
    },
    /** Stops the answer being streamed; its text so far is kept as `stopped`. */
    stop() {
      controller?.abort();
    },
  };
}

/**
 * Whether an answer failed before a word arrived because the server could not be reached:
 * the message it answers is then given back to the composer rather than left behind.
 */
export function neverReached(turn: TurnRecord): boolean {
  return turn.status === 'error' && turn.error?.code === 'network' && turn.content === '';
}

/** The answer after its stream threw: stopped if the user stopped it, else an error. */
function failed(turn: TurnRecord, error: unknown, aborted: boolean): TurnRecord {
  const code = error instanceof ApiError ? error.code : 'internal';
  const message = error instanceof Error ? error.message : String(error);
  return { ...turn, status: aborted ? 'stopped' : 'error', error: { code, message } };
}
