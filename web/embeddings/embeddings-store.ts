import { createSignal } from 'solid-js';
import type { Cores, EmbedStatus } from '../../common/embedding-schemas.ts';
import type * as embeddingsApi from '../lib/embeddings-api.ts';

/** How often the status is read while the panel is open or vectors are being computed. */
export const POLL_MS = 3_000;
/**
 * How often it is read while the embedder fails and nobody watches: the server retries on its
 * own back-off, and the search line must stop saying «falla» once it recovers.
 */
export const FAILING_POLL_MS = 15_000;

export type EmbeddingsApi = Pick<
  typeof embeddingsApi,
  | 'getEmbedStatus'
  | 'giveEmbedConsent'
  | 'revokeEmbedConsent'
  | 'setEmbedEnabled'
  | 'retryEmbeddings'
  | 'downloadModel'
  | 'cancelModelDownload'
  | 'installModelFolder'
  | 'setEmbedBudget'
>;

const loadApi = () => import('../lib/embeddings-api.ts');
/** The server's embeddings calls, loaded with their schemas on the first call rather than with the page. */
const lazyApi: EmbeddingsApi = {
  getEmbedStatus: (...a) => loadApi().then((m) => m.getEmbedStatus(...a)),
  giveEmbedConsent: (...a) => loadApi().then((m) => m.giveEmbedConsent(...a)),
  revokeEmbedConsent: (...a) => loadApi().then((m) => m.revokeEmbedConsent(...a)),
  setEmbedEnabled: (...a) => loadApi().then((m) => m.setEmbedEnabled(...a)),
  retryEmbeddings: (...a) => loadApi().then((m) => m.retryEmbeddings(...a)),
  downloadModel: (...a) => loadApi().then((m) => m.downloadModel(...a)),
  cancelModelDownload: (...a) => loadApi().then((m) => m.cancelModelDownload(...a)),
  installModelFolder: (...a) => loadApi().then((m) => m.installModelFolder(...a)),
  setEmbedBudget: (...a) => loadApi().then((m) => m.setEmbedBudget(...a)),
};

/** The timer the store polls with (replaced in tests). */
export interface PollTimer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
const browserTimer: PollTimer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the consent dialog tells before anything leaves the machine. */
export interface ConsentAsk {
  endpoint: string;
  model: string;
  notes: number;
  characters: number;
}

/**
 * The long-term layer as the user sees it: the server's status, read once and then every
 * few seconds only while someone watches (the panel is open) or vectors are being
 * computed, and now and then while the embedder fails (so the chip sees it recover); consent, the on/off switch, consent withdrawal and retrying a failing embedder. Consent is posted only by
 * `giveConsent`; `declineConsent` sends nothing.
 */
export function createEmbeddingsStore(
  report: (error: unknown) => void,
  api: EmbeddingsApi = lazyApi,
  timer: PollTimer = browserTimer,
) {
  const [status, setStatus] = createSignal<EmbedStatus | null>(null);
  const [busy, setBusy] = createSignal(false);
  /** `endpoint model` the user said «No» to, in this tab: the dialog stays closed for it. */
  const [declined, setDeclined] = createSignal<string | null>(null);
  let watchers = 0;
  let pending: unknown = null;
  let reading: Promise<void> | null = null;

  const keyOf = (s: EmbedStatus) => `${s.endpoint ?? ''} ${s.model ?? ''}`;
  /** The next read's delay, or null when nothing needs reading again. */
  const pollDelay = (): number | null => {
    const state = status()?.state;
    const download = status()?.semanticModel?.download.state;
    const installing = download === 'downloading' || download === 'checking';
    if (watchers > 0 || state === 'embedding' || installing) return POLL_MS;
    return state === 'failing' ? FAILING_POLL_MS : null;
  };

  const schedule = () => {
    if (pending !== null) timer.clear(pending);
    const ms = pollDelay();
    pending = ms === null ? null : timer.set(tick, ms);
  };
  function tick() {
    pending = null;
    void refresh();
  }

  /** Reads the status now (one read at a time), then polls again if still needed. */
  const refresh = (): Promise<void> => {
    const current =
      reading ??
      api
        .getEmbedStatus()
        .then((s) => {
          setStatus(s);
        }, report)
        .finally(() => {
          reading = null;
          schedule();
        });
    reading = current;
    return current;
  };

  /** Runs a change and shows the status it answered. */
  const change = async (run: () => Promise<EmbedStatus>) => {
    setBusy(true);
    try {
      setStatus(await run());
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
      schedule();
    }
  };

  const consentAsk = (): ConsentAsk | null => {
    const s = status();
    if (s?.consent !== 'needed' || !s.enabled || declined() === keyOf(s)) return null;
    return {
      endpoint: s.endpoint ?? '',
      model: s.model ?? '',
      notes: s.pending.notes,
      characters: s.pending.characters,
    };
  };

  return {
    status,
    busy,
    consentAsk,
    /** True once the user said «No» to the current endpoint and model. */
    declined: () => {
      const s = status();
      return s !== null && declined() === keyOf(s);
    },
    refresh,
    /** Starts watching (the panel opened): reads now and every POLL_MS; returns the stop. */
    watch(): () => void {
      watchers++;
      void refresh();
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        watchers = Math.max(0, watchers - 1);
        schedule();
      };
    },
    /** The one place consent is posted: the endpoint and model the dialog showed. */
    giveConsent(ask: ConsentAsk) {
      return change(() => api.giveEmbedConsent(ask.endpoint, ask.model));
    },
    /** «No»: nothing is sent; the dialog stays closed until asked for again. */
    declineConsent() {
      const s = status();
      if (s) setDeclined(keyOf(s));
    },
    /** Opens the dialog again after a «No». */
    reconsider() {
      setDeclined(null);
    },
    revokeConsent() {
      return change(() => api.revokeEmbedConsent());
    },
    setEnabled(enabled: boolean) {
      return change(() => api.setEmbedEnabled(enabled));
    },
    /** The embedder is failing and the user fixed the cause: the failed batch is sent again now. */
    retry() {
      return change(() => api.retryEmbeddings());
    },
    /** «Buscar por significado»: the model's download starts on the laptop. */
    download() {
      return change(() => api.downloadModel());
    },
    cancelDownload() {
      return change(() => api.cancelModelDownload());
    },
    /** «Usar una carpeta»: the model's files from a folder on the laptop. */
    useFolder(dir: string) {
      return change(() => api.installModelFolder(dir));
    },
    setBudget(cores: Cores) {
      return change(() => api.setEmbedBudget(cores));
    },
    /** Stops polling (sign-out). */
    stop() {
      watchers = 0;
      if (pending !== null) timer.clear(pending);
      pending = null;
    },
  };
}

export type EmbeddingsStore = ReturnType<typeof createEmbeddingsStore>;

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The long-term layer's status, consent and switch. */
    embeddings: EmbeddingsStore;
  }
}
