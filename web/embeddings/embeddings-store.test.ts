import { createRoot } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import {
  type DownloadState,
  type EmbedStatus,
  embeddingsOffStatus,
} from '../../common/embedding-schemas.ts';
import {
  createEmbeddingsStore,
  type EmbeddingsApi,
  FAILING_POLL_MS,
  POLL_MS,
  type PollTimer,
} from './embeddings-store.ts';

function cloudStatus(over: Partial<EmbedStatus> = {}): EmbedStatus {
  return {
    ...embeddingsOffStatus(),
    configured: true,
    kind: 'endpoint',
    model: 'emb',
    dimensions: 32,
    endpoint: 'https://api.example.com/v1',
    local: false,
    enabled: true,
    consent: 'needed',
    pending: { notes: 812, characters: 1_450_233 },
    state: 'waiting_consent',
    progress: { notesDone: 0, notesTotal: 812, chunks: 0 },
    generation: 'g1',
    lastError: null,
    ...over,
  };
}

/** The layer off, with the harness's model in `state`. */
function offStatus(state: DownloadState): EmbedStatus {
  return {
    ...embeddingsOffStatus(),
    laptop: true,
    semanticModel: {
      name: 'e5',
      label: 'e5 (int8)',
      bytes: 135_390_915,
      dimensions: 384,
      download: { state, progress: null, problem: null },
      estimate: { chunks: 3_000, seconds: 130 },
    },
  };
}

/** A timer that runs only when the test says so. */
function manualTimer() {
  const queued = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timer: PollTimer = {
    set: (run, ms) => {
      queued.set(++next, { run, ms });
      return next;
    },
    clear: (handle) => queued.delete(handle as number),
  };
  return {
    timer,
    pendingCount: () => queued.size,
    /** Runs the next scheduled read, which must be due in `ms`. */
    fire(ms = POLL_MS) {
      const [id, entry] = [...queued][0] ?? [];
      if (id === undefined || !entry) throw new Error('nothing scheduled');
      queued.delete(id);
      expect(entry.ms).toBe(ms);
      entry.run();
    },
  };
}

function setup(answers: EmbedStatus[]) {
  const api = {
    getEmbedStatus: vi.fn(async () => answers.shift() ?? cloudStatus()),
    giveEmbedConsent: vi.fn(async () => cloudStatus({ consent: 'given', state: 'embedding' })),
    revokeEmbedConsent: vi.fn(async () => cloudStatus()),
    setEmbedEnabled: vi.fn(async (enabled: boolean) =>
      cloudStatus({ enabled, state: enabled ? 'idle' : 'paused' }),
    ),
    retryEmbeddings: vi.fn(async () => cloudStatus({ consent: 'given', state: 'failing' })),
    downloadModel: vi.fn(async () => offStatus('downloading')),
    cancelModelDownload: vi.fn(async () => offStatus('absent')),
    installModelFolder: vi.fn(async (_dir: string) => offStatus('checking')),
    setEmbedBudget: vi.fn(async (cores: 1 | 2) => ({
      ...offStatus('absent'),
      budget: { cores, maxCores: 2 },
    })),
  } satisfies EmbeddingsApi;
  const clock = manualTimer();
  const report = vi.fn();
  const store = createRoot(() => createEmbeddingsStore(report, api, clock.timer));
  return { api, clock, report, store };
}

describe('the embeddings store', () => {
  it('reads now and then while the embedder fails, so the chip sees it recover', async () => {
    const failing = { consent: 'not_needed', local: true, state: 'failing' } as const;
    const { api, clock, store } = setup([
      cloudStatus(failing),
      cloudStatus(failing),
      cloudStatus({ consent: 'not_needed', local: true, state: 'idle' }),
    ]);
    await store.refresh();
    expect(store.status()?.state).toBe('failing');
    expect(clock.pendingCount()).toBe(1);
    clock.fire(FAILING_POLL_MS);
    await vi.waitFor(() => expect(api.getEmbedStatus).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(clock.pendingCount()).toBe(1));
    clock.fire(FAILING_POLL_MS);
    await vi.waitFor(() => expect(store.status()?.state).toBe('idle'));
    await vi.waitFor(() => expect(clock.pendingCount()).toBe(0));
  });

  it('polls only while watched or embedding', async () => {
    const { api, clock, store } = setup([
      cloudStatus({ consent: 'not_needed', local: true, state: 'idle' }),
      cloudStatus({ consent: 'not_needed', local: true, state: 'embedding' }),
      cloudStatus({ consent: 'not_needed', local: true, state: 'embedding' }),
      cloudStatus({ consent: 'not_needed', local: true, state: 'idle' }),
    ]);
    await store.refresh();
    expect(clock.pendingCount()).toBe(0);
    const unwatch = store.watch();
    await vi.waitFor(() => expect(clock.pendingCount()).toBe(1));
    expect(store.status()?.state).toBe('embedding');
    unwatch();
    // Still embedding: the chip keeps counting without the panel.
    expect(clock.pendingCount()).toBe(1);
    clock.fire();
    await vi.waitFor(() => expect(api.getEmbedStatus).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(clock.pendingCount()).toBe(1));
    clock.fire();
    await vi.waitFor(() => expect(store.status()?.state).toBe('idle'));
    expect(clock.pendingCount()).toBe(0);
  });

  it('asks before anything leaves, and «No» posts nothing', async () => {
    const { api, store } = setup([cloudStatus()]);
    await store.refresh();
    expect(store.consentAsk()).toEqual({
      endpoint: 'https://api.example.com/v1',
      model: 'emb',
      notes: 812,
      characters: 1_450_233,
    });
    store.declineConsent();
    expect(store.consentAsk()).toBeNull();
    expect(store.declined()).toBe(true);
    expect(api.giveEmbedConsent).not.toHaveBeenCalled();
    store.reconsider();
    const ask = store.consentAsk();
    expect(ask).not.toBeNull();
    await store.giveConsent(ask!);
    expect(api.giveEmbedConsent).toHaveBeenCalledWith('https://api.example.com/v1', 'emb');
    expect(store.status()?.consent).toBe('given');
    expect(store.consentAsk()).toBeNull();
  });

  it('does not ask while paused, and shows the switch and withdrawal answers', async () => {
    const { api, store } = setup([cloudStatus({ enabled: false, state: 'paused' })]);
    await store.refresh();
    expect(store.consentAsk()).toBeNull();
    await store.setEnabled(true);
    expect(api.setEmbedEnabled).toHaveBeenCalledWith(true);
    expect(store.status()?.enabled).toBe(true);
    await store.revokeConsent();
    expect(api.revokeEmbedConsent).toHaveBeenCalledOnce();
    expect(store.status()?.consent).toBe('needed');
  });

  it('retries a failing embedder only when asked, and shows the answer', async () => {
    const failing = cloudStatus({
      consent: 'given',
      state: 'failing',
      lastError: { code: 'unreachable', params: { endpoint: 'https://api.example.com/v1' } },
    });
    const { api, store } = setup([failing]);
    await store.refresh();
    expect(api.retryEmbeddings).not.toHaveBeenCalled();
    await store.retry();
    expect(api.retryEmbeddings).toHaveBeenCalledOnce();
    expect(store.status()?.state).toBe('failing');
    expect(store.busy()).toBe(false);
  });

  it('reports a failed read and keeps no stale poll', async () => {
    const { api, clock, report, store } = setup([]);
    api.getEmbedStatus.mockRejectedValueOnce(new Error('down'));
    await store.refresh();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'down' }));
    expect(clock.pendingCount()).toBe(0);
  });

  it('after stop (sign-out), a panel opened again still polls', async () => {
    const { clock, store } = setup([]);
    const unwatch = store.watch();
    store.stop();
    unwatch();
    store.watch();
    await vi.waitFor(() => expect(clock.pendingCount()).toBe(1));
  });

  it('keeps reading while the model downloads, panel open or not, and stops once it is in', async () => {
    const { api, clock, store } = setup([offStatus('checking'), offStatus('installed')]);
    await store.download();
    expect(api.downloadModel).toHaveBeenCalledOnce();
    expect(store.status()?.semanticModel?.download.state).toBe('downloading');
    expect(clock.pendingCount()).toBe(1);
    clock.fire();
    await vi.waitFor(() => expect(store.status()?.semanticModel?.download.state).toBe('checking'));
    await vi.waitFor(() => expect(clock.pendingCount()).toBe(1));
    clock.fire();
    await vi.waitFor(() => expect(store.status()?.semanticModel?.download.state).toBe('installed'));
    expect(clock.pendingCount()).toBe(0);
  });

  it('sends the folder, the cancel and the budget the user chose', async () => {
    const { api, store } = setup([]);
    await store.useFolder('/media/usb/e5');
    expect(api.installModelFolder).toHaveBeenCalledWith('/media/usb/e5');
    await store.cancelDownload();
    expect(api.cancelModelDownload).toHaveBeenCalledOnce();
    await store.setBudget(2);
    expect(api.setEmbedBudget).toHaveBeenCalledWith(2);
    expect(store.status()?.budget.cores).toBe(2);
  });
});
