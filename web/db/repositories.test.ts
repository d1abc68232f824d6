import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { turnRecord } from '../../testing/web/test-records.ts';
import {
  getConversation,
  listConversations,
  putConversation,
  updateConversation,
} from './conversations-repo.ts';
import { deleteDatabase, STORES, withTx } from './database.ts';
import { deleteDraft, getDraft, putDraft } from './drafts-repo.ts';
import { listCachedNotes, updateCachedNotes } from './notes-cache-repo.ts';
import type { ConversationRecord, TurnRecord } from './records.ts';
import { getCurrentConversationId, setCurrentConversationId } from './settings-repo.ts';
import { clearTurns, listTurns, putTurn, recoverStreamingTurns } from './turns-repo.ts';

afterEach(() => deleteDatabase());

const conversation = (id: string, updatedAt: number): ConversationRecord => ({
  id,
  title: id,
  createdAt: 1,
  updatedAt,
  profile: 'default',
  project: null,
  recall: false,
});

const turn = (conversationId: string, index: number, over: Partial<TurnRecord> = {}) =>
  turnRecord(index, over, conversationId);

describe('web/db/database withTx', () => {
  it('answers a read without waiting for its transaction to end, and a write once committed', async () => {
    await putConversation(conversation('a', 10));
    const ended = (tx: { done: Promise<void> }) => {
      const state = { ended: false };
      tx.done.then(() => (state.ended = true));
      return state;
    };
    let read = { ended: false };
    const found = await withTx([STORES.conversations], 'readonly', (tx) => {
      read = ended(tx);
      return tx.objectStore(STORES.conversations).get('a');
    });
    expect(found?.id).toBe('a');
    expect(read.ended).toBe(false);
    let write = { ended: false };
    await withTx([STORES.conversations], 'readwrite', async (tx) => {
      write = ended(tx);
      await tx.objectStore(STORES.conversations).put(conversation('b', 20));
    });
    expect(write.ended).toBe(true);
  });

  it('keeps nothing of a write whose work fails halfway', async () => {
    const failed = withTx([STORES.conversations], 'readwrite', async (tx) => {
      await tx.objectStore(STORES.conversations).put(conversation('a', 10));
      throw new Error('a mitad');
    });
    await expect(failed).rejects.toThrow('a mitad');
    expect(await listConversations()).toEqual([]);
  });
});

describe('web/db/conversations-repo', () => {
  it('lists conversations most recently used first', async () => {
    await putConversation(conversation('a', 10));
    await putConversation(conversation('b', 30));
    await putConversation(conversation('c', 20));
    expect((await listConversations()).map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });

  it('patches a conversation and stamps updatedAt, or answers null when it is gone', async () => {
    await putConversation(conversation('a', 10));
    const next = await updateConversation('a', { project: 'Tesis' }, 99);
    expect(next).toMatchObject({ project: 'Tesis', updatedAt: 99, profile: 'default' });
    expect(await getConversation('a')).toEqual(next);
    expect(await updateConversation('nope', { project: 'x' })).toBeNull();
  });
});

describe('web/db/turns-repo', () => {
  it('lists one conversation’s turns in index order, not insertion order', async () => {
    await putTurn(turn('a', 2));
    await putTurn(turn('b', 0));
    await putTurn(turn('a', 10));
    await putTurn(turn('a', 0));
    expect((await listTurns('a')).map((t) => t.index)).toEqual([0, 2, 10]);
  });

  it('clears only the given conversation', async () => {
    await putTurn(turn('a', 0));
    await putTurn(turn('b', 0));
    await clearTurns('a');
    expect(await listTurns('a')).toEqual([]);
    expect(await listTurns('b')).toHaveLength(1);
  });

  it('turns an answer left streaming into a cut one, keeping its text', async () => {
    await putTurn(turn('a', 0));
    await putTurn(turn('a', 1, { status: 'streaming', content: 'a medias' }));
    await putTurn(turn('a', 3, { status: 'stopped', content: 'parada' }));
    expect(await recoverStreamingTurns()).toBe(1);
    const turns = await listTurns('a');
    expect(turns.map((t) => t.status)).toEqual(['complete', 'cut', 'stopped']);
    expect(turns[1]?.content).toBe('a medias');
    expect(await recoverStreamingTurns()).toBe(0);
  });
});

describe('web/db/drafts-repo and settings-repo', () => {
  it('keeps a draft per conversation until it is deleted', async () => {
    const chips = [{ id: 'x', kind: 'paste' as const, text: 'hola' }];
    await putDraft({ conversationId: 'a', text: 'borrador', chips, updatedAt: 1 });
    expect(await getDraft('a')).toMatchObject({ text: 'borrador', chips });
    expect(await getDraft('b')).toBeUndefined();
    await deleteDraft('a');
    expect(await getDraft('a')).toBeUndefined();
  });

  it('remembers the current conversation id', async () => {
    expect(await getCurrentConversationId()).toBeNull();
    await setCurrentConversationId('a');
    expect(await getCurrentConversationId()).toBe('a');
  });
});

describe('web/db/notes-cache-repo', () => {
  it('replaces changed notes and forgets removed ones in one update', async () => {
    await updateCachedNotes(
      [
        { path: 'a.md', hash: '1', content: 'A' },
        { path: 'b.md', hash: '1', content: 'B' },
      ],
      [],
    );
    await updateCachedNotes([{ path: 'a.md', hash: '2', content: 'A2' }], ['b.md']);
    expect(await listCachedNotes()).toEqual([{ path: 'a.md', hash: '2', content: 'A2' }]);
  });
});
