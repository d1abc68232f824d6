import { Hono } from 'hono';
import { type ChatContext, type ChatEvent, ChatRequestSchema } from '../../common/chat-schemas.ts';
import { DEFAULT_CONTEXT_TOKENS } from '../../common/estimate-tokens.ts';
import { noteKey } from '../../common/wikilinks.ts';
import type { Harness } from '../../harness/schema.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import { streamChat } from '../inference/provider-chain.ts';
import { keyReady } from '../upstream/provider-key.ts';
import type { Vault } from '../vault/vault.ts';
import { assembleTurn } from './assemble-turn.ts';
import { emptyNameIndex, type NameIndex, rankNoteNames, updateNameIndex } from './note-listing.ts';
import { noticeText } from './notice-text.ts';
import { latestClosing, listProjects, readUserContext, resolveContext } from './resolve-context.ts';
import { sseResponse } from './sse-response.ts';

export interface ChatRoutesDeps {
  vault: Vault;
  harness: HarnessStore;
  /** Where the harness's `apiKeyEnv` names are looked up (process.env in production). */
  env: Record<string, string | undefined>;
  /** Hears an answer's text as it streams, for a request that names its conversation. */
  onAnswerText?: (conversationId: string, text: string) => void;
}

/**
 * The conversation routes, mounted under /api/chat. The turn is assembled here, on
 * the server, from what the request names (vault reads happen here, never in the
 * browser), and the answer streams back as server-sent events.
 */
export function chatRoutes(deps: ChatRoutesDeps): Hono {
  const app = new Hono();

  app.get('/context', async (c) => {
    const harness = deps.harness.current();
    const closing = await latestClosing(deps.vault);
    const context: ChatContext = {
      profiles: Object.entries(harness.profiles).map(([id, p]) => ({
        id,
        label: p.label,
        description: p.description,
      })),
      defaultProfile: harness.defaultProfile,
      historyTurns: harness.history.turns,
      projects: await listProjects(deps.vault),
      providers: harness.providers.map((p) => ({
        id: p.id,
        label: p.label,
        models: p.models,
        configured: keyReady(p, deps.env),
        apiKeyEnv: p.apiKeyEnv,
      })),
      noteList: {
        enabled: harness.links.listVaultNotes,
        excludeFolders: harness.links.excludeFolders,
      },
      contextTokens: contextTokensOf(
        harness,
        harness.providers.find((p) => keyReady(p, deps.env))?.id,
      ),
      latestClosing: closing ? { path: closing.path, mtime: closing.mtime } : null,
    };
    return c.json(context);
  });

  app.post('/', async (c) => {
    // One harness for the whole turn, even if the file is edited while it streams.
    const harness = deps.harness.current();
    // Every turn sends the user-context note: its file-system calls run while the body is
    // read and checked. Handled here too, so a refused body leaves no unhandled rejection.
    const userContext = readUserContext(deps.vault, harness.userContextNote);
    userContext.catch(() => {});
    const req = await parseJsonBody(c, ChatRequestSchema);
    // Errors in what the user chose (unknown profile or project, a missing note) are
    // answered as JSON before any stream opens, so the client shows them plainly.
    const context = await resolveContext(deps.vault, harness, req, userContext);
    const noteList = req.noteList ?? {
      enabled: harness.links.listVaultNotes,
      excludeFolders: harness.links.excludeFolders,
    };
    const vaultListing = noteList.enabled
      ? rankNoteNames(await noteNames(deps.vault, noteList.excludeFolders), {
          message: req.mode === 'chat' ? req.message : '',
          notes: [
            ...(context.project?.notes ?? []),
            ...(context.recall ? [context.recall] : []),
            ...context.attachments.flatMap((a) =>
              a.kind === 'note' ? [a] : a.kind === 'search' ? a.notes : [],
            ),
          ],
        })
      : null;
    const turn = assembleTurn({
      harness,
      profile: context.profile,
      project: context.project,
      recall: context.recall,
      history: req.history,
      message: req.message,
      mode: req.mode,
      attachments: context.attachments,
      ...(context.userContext === null ? {} : { userContext: context.userContext }),
      vaultListing,
    });
    const upstream = new AbortController();
    const abort = () => upstream.abort();
    c.req.raw.signal.addEventListener('abort', abort, { once: true });

    async function* events(): AsyncGenerator<ChatEvent> {
      try {
        for await (const event of streamChat({
          providers: harness.providers,
          messages: turn.messages,
          env: deps.env,
          signal: upstream.signal,
        })) {
          if (upstream.signal.aborted) break;
          if (event.type === 'start') {
            yield {
              type: 'meta',
              sent: turn.sent,
              droppedTurns: turn.droppedTurns,
              promptChars: turn.promptChars,
              parts: turn.parts,
              contextTokens: contextTokensOf(harness, event.provider),
              notices: turn.notices.map(noticeText),
              noticeCodes: turn.notices,
              provider: event.provider,
              model: event.model,
            };
          } else {
            if (event.type === 'delta' && req.conversationId) {
              deps.onAnswerText?.(req.conversationId, event.text);
            }
            yield event;
          }
        }
      } finally {
        c.req.raw.signal.removeEventListener('abort', abort);
        upstream.abort();
      }
    }
    return sseResponse(c, events(), abort);
  });

  return app;
}

/** Per vault and exclusion, the name index and the manifest it is up to date with. */
const listings = new WeakMap<Vault, Map<string, { manifest: object; index: NameIndex }>>();

/**
 * The index of the vault's note names outside `exclude` (folder prefixes, NFC, any case),
 * brought up to date only when the manifest changed, and then only where it did.
 */
async function noteNames(vault: Vault, exclude: readonly string[]): Promise<NameIndex> {
  const manifest = await vault.manifest();
  const prefixes = exclude.map((f) => `${noteKey(f.trim().replace(/\/+$/, ''))}/`);
  const cacheKey = JSON.stringify(prefixes);
  const byExclusion = listings.get(vault) ?? new Map();
  listings.set(vault, byExclusion);
  const last = byExclusion.get(cacheKey);
  if (last?.manifest === manifest) return last.index;
  const index = updateNameIndex(last?.index ?? emptyNameIndex(), manifest.notes, prefixes);
  byExclusion.set(cacheKey, { manifest, index });
  return index;
}

/** A link's context window: its harness `contextTokens`, else the default. */
export function contextTokensOf(harness: Harness, providerId: string | undefined): number {
  const provider = harness.providers.find((p) => p.id === providerId);
  return provider?.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
}
