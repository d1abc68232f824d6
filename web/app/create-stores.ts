import { onCleanup } from 'solid-js';
import { createChatStore } from '../chat/chat-store.ts';
import { createEmbeddingsStore } from '../embeddings/embeddings-store.ts';
import { createI18nStore } from '../i18n/i18n-store.ts';
import { pingServer } from '../lib/api.ts';
import { isSessionError } from '../lib/api-error.ts';
import { createProposalsStore } from '../proposals/proposals-store.ts';
import { loginToken } from '../router/route.ts';
import { createRouterStore } from '../router/router-store.ts';
import { createSearchStore } from '../search/ui/search-store.ts';
import { createSessionStore } from '../session/session-store.ts';
import type { Stores } from '../state/use-stores.ts';
import { createConversationSync } from '../sync/sync-runner.ts';
import { createVaultStore } from '../vault/vault-store.ts';
import { createWebContextStore } from '../web-context/web-context-store.ts';
import { type ConnectionStore, createConnectionStore } from './connection-store.ts';
import { createPreferencesStore, type PreferencesStore } from './preferences-store.ts';

/** How long after the first screen the conversations' first sync starts. */
const SYNC_START_DELAY_MS = 2_000;

/** Builds every store once and wires how they react to each other. */
export function createStores(): Stores {
  const preferences = createPreferencesStore();
  const i18n = createI18nStore(preferences.setLocale);
  void preferences.ready.then(() => i18n.restore(preferences.locale()));
  const router = createRouterStore();

  /** The one place failures go: a lost session shows the login page, anything else the banner. */
  const report = (error: unknown) => {
    if (isSessionError(error)) {
      vault.stop();
      search.stop();
      embeddings.stop();
      session.signOut();
    } else {
      connection.report(error);
    }
  };

  const session = createSessionStore(report);
  const vault = createVaultStore(report);
  // The chat imports neither feature built on it: it tells them what happened through
  // these hooks, and they change it only through its actions.
  const chat = createChatStore(i18n, report, {
    opening: (id) => proposals.opening(id),
    clearing: (id) => proposals.clearing(id),
    chipsChanged: () => void conversationSync.run(),
    answerFinished: (turn) => {
      // The answer (and anything the laptop's copy lacks) goes to the other devices.
      void conversationSync.run();
      return proposals.answerFinished(turn);
    },
    proposalCommand: (outcome) => proposals.runCommand(outcome),
    webCommand: (outcome) => webContext.run(outcome),
  });
  const proposals = createProposalsStore(chat, i18n, report);
  const conversationSync = createConversationSync({ changed: () => chat.refreshConversations() });
  vault.onConversationEvent(conversationSync.heard);
  const webContext = createWebContextStore(chat, i18n);
  const search = createSearchStore(report);
  const embeddings = createEmbeddingsStore(report);

  /** Loads everything again: the session, then the vault and the open note. */
  const reloadAll = async () => {
    if (!(await session.check())) return;
    search.start();
    await Promise.all([vault.start(), chat.start()]);
    void conversationSync.run();
    await vault.reloadNote();
  };
  const connection = createConnectionStore(reloadAll, pingServer);
  // The browser's word on the network is a hint to ask the server, never the answer.
  const askServer = () => void connection.check();
  window.addEventListener('online', askServer);
  window.addEventListener('offline', askServer);
  onCleanup(() => {
    window.removeEventListener('online', askServer);
    window.removeEventListener('offline', askServer);
  });

  /** First load: pair with a start-up link if there is one, then load the vault. */
  const start = async () => {
    if (await session.start()) {
      search.start();
      await Promise.all([vault.start(), chat.start()]);
      // Once the page has settled: the first sync reads every conversation, and would
      // compete with the first screen and the vault's first sync on a slow laptop.
      setTimeout(() => void conversationSync.start(), SYNC_START_DELAY_MS);
    }
    router.refresh();
  };

  // A start-up link pasted into a tab where SOMA is already open changes only the hash.
  const onHashChange = () => {
    if (loginToken(location.hash)) void start();
  };
  window.addEventListener('hashchange', onHashChange);
  onCleanup(() => window.removeEventListener('hashchange', onHashChange));

  return {
    preferences,
    i18n,
    router,
    session,
    vault,
    chat,
    conversationSync,
    proposals,
    webContext,
    search,
    embeddings,
    connection,
    start,
  };
}

declare module '../state/use-stores.ts' {
  interface Stores {
    /** The user's saved choices: language, note suggestions, the folded tree. */
    preferences: PreferencesStore;
    /** The app-wide problem (server down, unexpected answer) and its retry. */
    connection: ConnectionStore;
    /** First load: pairs with a start-up link if there is one, then loads the vault. */
    start: () => Promise<void>;
  }
}
