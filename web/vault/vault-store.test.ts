import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HarnessStatus, Note, Status, VaultEvent } from '../../common/api-schemas.ts';
import type { EventHandlers } from '../lib/api.ts';

const api = vi.hoisted(() => ({
  handlers: null as EventHandlers | null,
  statusAnswers: [] as ((status: Status) => void)[],
}));

vi.mock('../lib/api.ts', () => ({
  getFolder: vi.fn(() => new Promise(() => undefined)),
  getNote: vi.fn(),
  getStatus: vi.fn(() => new Promise<Status>((resolve) => api.statusAnswers.push(resolve))),
  openEvents: vi.fn((handlers: EventHandlers) => {
    api.handlers = handlers;
    return () => undefined;
  }),
}));

const { createVaultStore } = await import('./vault-store.ts');
const { getFolder, getNote } = await import('../lib/api.ts');
const { NOTE_LOADING_SHOWN_AFTER_MS } = await import('../lib/timing.ts');

function harness(broken: boolean): HarnessStatus {
  return {
    ok: !broken,
    problem: broken ? { kind: 'missing', file: 'soma.json', issues: [], more: 0 } : null,
    file: '/tmp/soma.json',
    defaultProfile: 'general',
    profiles: [],
    searchSynonyms: [],
  };
}

function status(h: HarnessStatus): Status {
  return { harness: h } as unknown as Status;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the vault store and harness events', () => {
  beforeEach(() => {
    api.handlers = null;
    api.statusAnswers.length = 0;
  });
  afterEach(() => vi.clearAllMocks());

  it('a status answered before a harness event does not undo the event', async () => {
    const store = createVaultStore(() => undefined);
    const started = store.start();
    api.statusAnswers.shift()?.(status(harness(false)));
    await started;
    // The stream opens: the store reads the status again to catch up…
    api.handlers?.onOpen();
    expect(api.statusAnswers).toHaveLength(1);
    // …and before that answer arrives, the harness is reported broken.
    api.handlers?.onHarness(harness(true));
    expect(store.state.status?.harness.problem?.kind).toBe('missing');
    // The late answer was made before the edit: it says the harness is fine.
    api.statusAnswers.shift()?.(status(harness(false)));
    await flush();
    expect(store.state.status?.harness.problem?.kind).toBe('missing');
  });

  it('a status read after the event takes the harness it answers', async () => {
    const store = createVaultStore(() => undefined);
    const started = store.start();
    api.statusAnswers.shift()?.(status(harness(false)));
    await started;
    api.handlers?.onHarness(harness(true));
    const refreshed = store.refreshStatus();
    api.statusAnswers.shift()?.(status(harness(false)));
    await refreshed;
    expect(store.state.status?.harness.ok).toBe(true);
  });
});

describe('the vault store opening a note', () => {
  afterEach(() => vi.clearAllMocks());

  /** A note answer the test releases by hand. */
  const noteAnswers: ((note: Note) => void)[] = [];
  beforeEach(() => {
    noteAnswers.length = 0;
    vi.mocked(getNote).mockImplementation(
      () => new Promise<Note>((resolve) => noteAnswers.push(resolve)),
    );
  });

  const note = (path: string) => ({ path, name: path, body: '', links: [] }) as unknown as Note;

  it('shows the note before it asks for the folders above it', async () => {
    const store = createVaultStore(() => undefined);
    const opened = store.openNote('03_Proyectos/Tesis/Plan.md');
    expect(store.note().status).toBe('loading');
    expect(store.notePainted()).toBeNull();
    expect(getFolder).not.toHaveBeenCalled();
    noteAnswers.shift()?.(note('03_Proyectos/Tesis/Plan.md'));
    await flush();
    expect(store.note().status).toBe('ready');
    await opened;
    expect(vi.mocked(getFolder).mock.calls.map((c) => c[0])).toEqual([
      '03_Proyectos',
      '03_Proyectos/Tesis',
    ]);
    expect(store.isExpanded('03_Proyectos/Tesis')).toBe(true);
    // The tree is told to bring it into view only now, after the note was painted.
    expect(store.notePainted()).toBe('03_Proyectos/Tesis/Plan.md');
    store.closeNote();
    expect(store.notePainted()).toBeNull();
  });

  it('does not open the folders of a note left before it answered', async () => {
    const store = createVaultStore(() => undefined);
    const first = store.openNote('00_Entrada/Idea.md');
    const second = store.openNote('04_Sueños/Faro.md');
    noteAnswers.shift()?.(note('00_Entrada/Idea.md'));
    noteAnswers.shift()?.(note('04_Sueños/Faro.md'));
    await Promise.all([first, second]);
    expect(vi.mocked(getFolder).mock.calls.map((c) => c[0])).toEqual(['04_Sueños']);
    expect(store.isExpanded('00_Entrada')).toBe(false);
  });

  it('keeps the shown note, marked pending, while the next one answers quickly', async () => {
    const store = createVaultStore(() => undefined);
    void store.openNote('00_Entrada/Idea.md');
    noteAnswers.shift()?.(note('00_Entrada/Idea.md'));
    await flush();
    void store.openNote('04_Sueños/Faro.md');
    expect(store.note()).toMatchObject({ status: 'ready', path: '00_Entrada/Idea.md' });
    expect(store.notePending()).toBe('04_Sueños/Faro.md');
    noteAnswers.shift()?.(note('04_Sueños/Faro.md'));
    await flush();
    expect(store.note()).toMatchObject({ status: 'ready', path: '04_Sueños/Faro.md' });
    expect(store.notePending()).toBeNull();
  });

  /** A store showing one note, asked for another (fake timers on). */
  const ideaShownThenFaro = async () => {
    const store = createVaultStore(() => undefined);
    void store.openNote('00_Entrada/Idea.md');
    noteAnswers.shift()?.(note('00_Entrada/Idea.md'));
    await vi.advanceTimersByTimeAsync(0);
    void store.openNote('04_Sueños/Faro.md');
    return store;
  };

  it('says the next note is loading once it takes longer than a moment', async () => {
    vi.useFakeTimers();
    try {
      const store = await ideaShownThenFaro();
      await vi.advanceTimersByTimeAsync(NOTE_LOADING_SHOWN_AFTER_MS - 1);
      expect(store.note().status).toBe('ready');
      await vi.advanceTimersByTimeAsync(1);
      expect(store.note()).toMatchObject({ status: 'loading', path: '04_Sueños/Faro.md' });
      expect(store.notePending()).toBeNull();
      noteAnswers.shift()?.(note('04_Sueños/Faro.md'));
      await vi.advanceTimersByTimeAsync(0);
      expect(store.note()).toMatchObject({ status: 'ready', path: '04_Sueños/Faro.md' });
    } finally {
      vi.useRealTimers();
    }
  });

  /** A started store (its event stream open) showing Idea, asked for Faro. */
  const startedIdeaThenFaro = async () => {
    api.statusAnswers.length = 0;
    const store = createVaultStore(() => undefined);
    const started = store.start();
    api.statusAnswers.shift()?.(status(harness(false)));
    await started;
    void store.openNote('00_Entrada/Idea.md');
    noteAnswers.shift()?.(note('00_Entrada/Idea.md'));
    await flush();
    void store.openNote('04_Sueños/Faro.md');
    expect(store.notePending()).toBe('04_Sueños/Faro.md');
    return store;
  };
  const upsert = (path: string) =>
    ({ type: 'upsert', entry: { path, size: 10, mtime: 2, hash: 'h' } }) as unknown as VaultEvent;

  it('opens the next note even when the note still shown changes while it is on its way', async () => {
    const store = await startedIdeaThenFaro();
    // Another editor saves the note still shown: the note on its way is what the pane is for.
    api.handlers?.onVault(upsert('00_Entrada/Idea.md'));
    noteAnswers.shift()?.(note('04_Sueños/Faro.md'));
    await flush();
    expect(store.note()).toMatchObject({ status: 'ready', path: '04_Sueños/Faro.md' });
    expect(store.notePending()).toBeNull();
    // Nothing asked for the shown note again: it was on its way out.
    expect(noteAnswers).toHaveLength(0);
  });

  it('reads the next note again when it changes while on its way, still waiting for it', async () => {
    const store = await startedIdeaThenFaro();
    api.handlers?.onVault(upsert('04_Sueños/Faro.md'));
    expect(store.notePending()).toBe('04_Sueños/Faro.md');
    // The first answer was read before the change: only the second one is shown.
    const [stale, fresh] = [noteAnswers.shift(), noteAnswers.shift()];
    stale?.({ ...note('04_Sueños/Faro.md'), body: 'antes' } as Note);
    await flush();
    expect(store.note()).toMatchObject({ status: 'ready', path: '00_Entrada/Idea.md' });
    fresh?.({ ...note('04_Sueños/Faro.md'), body: 'después' } as Note);
    await flush();
    expect(store.note()).toMatchObject({ status: 'ready', path: '04_Sueños/Faro.md' });
    expect((store.note() as { note: Note }).note.body).toBe('después');
  });

  it('says the next note is gone when it is deleted while on its way', async () => {
    const store = await startedIdeaThenFaro();
    api.handlers?.onVault({ type: 'remove', path: '04_Sueños/Faro.md' });
    expect(store.note()).toMatchObject({ status: 'gone', path: '04_Sueños/Faro.md' });
    expect(store.notePending()).toBeNull();
    noteAnswers.shift()?.(note('04_Sueños/Faro.md'));
    await flush();
    expect(store.note()).toMatchObject({ status: 'gone', path: '04_Sueños/Faro.md' });
  });

  it('a reconnected stream reads again the note on its way, not the one leaving', async () => {
    const store = await startedIdeaThenFaro();
    api.handlers?.onOpen();
    expect(vi.mocked(getNote).mock.calls.at(-1)?.[0]).toBe('04_Sueños/Faro.md');
    // The stream drops and comes back: what it missed is caught up with.
    api.handlers?.onError(false);
    api.handlers?.onOpen();
    expect(vi.mocked(getNote).mock.calls.at(-1)?.[0]).toBe('04_Sueños/Faro.md');
    for (const answer of noteAnswers.splice(0)) answer(note('04_Sueños/Faro.md'));
    await flush();
    expect(store.note()).toMatchObject({ status: 'ready', path: '04_Sueños/Faro.md' });
  });

  it('a note closed while the next one was pending shows nothing of either', async () => {
    vi.useFakeTimers();
    try {
      const store = await ideaShownThenFaro();
      store.closeNote();
      await vi.advanceTimersByTimeAsync(NOTE_LOADING_SHOWN_AFTER_MS);
      noteAnswers.shift()?.(note('04_Sueños/Faro.md'));
      await vi.advanceTimersByTimeAsync(0);
      expect(store.note().status).toBe('idle');
      expect(store.notePending()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
