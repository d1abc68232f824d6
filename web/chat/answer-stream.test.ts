import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doneEvent, frame, streamBody } from '../../testing/web/chat-stream.ts';
import { turnRecord } from '../../testing/web/test-records.ts';
import { deleteDatabase } from '../db/database.ts';
import type { TurnRecord } from '../db/records.ts';
import { listTurns, putTurn } from '../db/turns-repo.ts';
import { createAnswerStream } from './answer-stream.ts';
import type { ChatCore } from './chat-core.ts';
import { emptyChatState } from './chat-state.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteDatabase();
});

const done = doneEvent;

/** An answer stream whose frames arrive one per read, then ends (or fails). */
function stubAnswer(frames: string[], fail = false) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(streamBody(frames, fail), {
        headers: { 'Content-Type': 'text/event-stream' },
      }),
  );
}

/**
 * A chat core whose `setState` notes, each time the page is shown a turn that has
 * finished, what IndexedDB held at that moment (a read started then: a reload then).
 */
function watchedCore() {
  const state = emptyChatState();
  const atShow: Promise<TurnRecord[]>[] = [];
  const setState = ((...args: unknown[]) => {
    if (args[0] === 'turns' && typeof args[1] === 'number') {
      const record = args[2] as TurnRecord;
      state.turns[args[1]] = record;
      if (record.status !== 'streaming') atShow.push(listTurns(record.conversationId));
    } else if (args[0] === 'streaming') {
      state.streaming = args[1] as boolean;
    }
  }) as ChatCore['setState'];
  const reported: unknown[] = [];
  const finished: TurnRecord[] = [];
  const core = {
    state,
    setState,
    report: (error: unknown) => reported.push(error),
    hooks: { answerFinished: (turn: TurnRecord) => finished.push(turn) },
  } as unknown as ChatCore;
  return { core, state, atShow, reported, finished };
}

const request = { conversationId: 'c', messages: [{ role: 'user', content: 'hola' }] } as never;

describe('createAnswerStream', () => {
  it('shows an answer as finished only once IndexedDB holds it whole', async () => {
    stubAnswer([
      frame({ type: 'delta', text: 'Eco ' }),
      frame({ type: 'delta', text: 'de m1' }),
      frame(done),
    ]);
    const { core, state, atShow, reported, finished } = watchedCore();
    const answer = turnRecord(1, { content: '', status: 'streaming' });
    state.turns = [turnRecord(0), answer];
    await putTurn(answer);

    const result = await createAnswerStream(core).stream(request, answer);

    expect(reported).toEqual([]);
    expect(result).toMatchObject({ content: 'Eco de m1', status: 'complete' });
    expect(finished).toEqual([result]);
    expect(state.streaming).toBe(false);
    expect(atShow.length).toBeGreaterThan(0);
    for (const held of await Promise.all(atShow)) {
      expect(held.find((t) => t.id === answer.id)).toMatchObject({
        content: 'Eco de m1',
        status: 'complete',
      });
    }
  });

  it('a stream that breaks off is saved as cut, with its text, before it shows', async () => {
    stubAnswer([frame({ type: 'delta', text: 'A medias' })], true);
    const { core, state, atShow } = watchedCore();
    const answer = turnRecord(1, { content: '', status: 'streaming' });
    state.turns = [turnRecord(0), answer];

    const result = await createAnswerStream(core).stream(request, answer);

    expect(result.status).toBe('cut');
    expect(result.content).toBe('A medias');
    const held = await Promise.all(atShow);
    expect(held.length).toBeGreaterThan(0);
    for (const turns of held) {
      expect(turns.find((t) => t.id === answer.id)).toMatchObject({
        content: 'A medias',
        status: 'cut',
      });
    }
  });
});
