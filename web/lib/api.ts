import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import {
  ErrorBodySchema,
  type FolderRows,
  FolderRowsSchema,
  type HarnessStatus,
  HarnessStatusSchema,
  type Manifest,
  type Note,
  NoteSchema,
  SessionAnswerSchema,
  type SessionInfo,
  type Status,
  StatusSchema,
  type VaultEvent,
  VaultEventSchema,
} from '../../common/api-schemas.ts';
import {
  type ChatContext,
  ChatContextSchema,
  type ChatEvent,
  type ChatRequestInput,
  type NotesBatch,
  NotesBatchSchema,
} from '../../common/chat-schemas.ts';
import type {
  ConversationEvent,
  ConversationEventSchema,
} from '../../common/conversation-schemas.ts';
import { ApiError } from './api-error.ts';
import { checkManifest } from './manifest-check.ts';
import { REQUEST_TIMEOUT_MS } from './timing.ts';

/**
 * All IO of the PWA with the SOMA server. Every answer is parsed with the shared
 * zod schemas here, at the boundary; failures become `ApiError`s with a stable code.
 */

function timeoutSignal(): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function'
    ? AbortSignal.timeout(REQUEST_TIMEOUT_MS)
    : undefined;
}

/** The ApiError an answer that is not ok stands for (the server's code, or one by status). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, params } = parsed.data.error;
    const details = (body as { error: unknown }).error;
    return new ApiError(code, message, response.status, details, params ?? {});
  }
  const code = response.status >= 500 ? 'internal' : 'bad_answer';
  return new ApiError(code, `HTTP ${response.status}`, response.status);
}

/** One JSON call: the answer parsed with `schema`, any failure an `ApiError`. */
export function request<T>(schema: $ZodType<T>, url: string, init: RequestInit = {}): Promise<T> {
  return requestChecked(
    (body) => {
      const parsed = safeParse(schema, body);
      return parsed.success
        ? { ok: true, data: parsed.data }
        : { ok: false, message: parsed.error.message };
    },
    url,
    init,
  );
}

/** What checks an answer's body: its data, or why it is not what was asked for. */
type BodyCheck<T> = (body: unknown) => { ok: true; data: T } | { ok: false; message: string };

/** `request`, with the body checked by `check` (a hand check before the schema: manifest-check.ts). */
async function requestChecked<T>(
  check: BodyCheck<T>,
  url: string,
  init: RequestInit = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...init.headers },
      signal: init.signal ?? timeoutSignal() ?? null,
    });
  } catch (cause) {
    throw new ApiError('network', cause instanceof Error ? cause.message : String(cause), 0);
  }
  if (!response.ok) throw await errorFromResponse(response);
  const body: unknown = await response.json().catch(() => undefined);
  const checked = check(body);
  if (!checked.ok) throw new ApiError('bad_answer', checked.message, response.status);
  return checked.data;
}

/** A POST with a JSON body (and, for slow calls, a signal that times it out). */
export function postJson(body: unknown, signal?: AbortSignal): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  };
}

/** Pairs this browser with the one-time start-up token; the server sets the session cookie. */
export async function login(token: string): Promise<SessionInfo> {
  const answer = await request(SessionAnswerSchema, '/api/session', postJson({ token }));
  return answer.session;
}

/** The current session; fails with `no_session` when this browser is not paired. */
export async function getSession(): Promise<SessionInfo> {
  return (await request(SessionAnswerSchema, '/api/session')).session;
}

/**
 * Whether the server answers at all: any HTTP answer will do (a 401 too). Fails with a
 * `network` ApiError when nothing answers, which is what «sin conexión» means here.
 */
export async function pingServer(): Promise<void> {
  try {
    await fetch('/api/session', {
      credentials: 'same-origin',
      cache: 'no-store',
      signal: timeoutSignal() ?? null,
    });
  } catch (cause) {
    throw new ApiError('network', cause instanceof Error ? cause.message : String(cause), 0);
  }
}

export function getStatus(): Promise<Status> {
  return request(StatusSchema, '/api/status');
}

/** One folder's rows ('' is the top level): the tree is read a folder at a time. */
export function getFolder(path: string): Promise<FolderRows> {
  return request(FolderRowsSchema, `/api/vault/folder?path=${encodeURIComponent(path)}`);
}

/** One note by its vault-relative path: content, front matter and resolved links. */
export function getNote(path: string): Promise<Note> {
  return request(NoteSchema, `/api/vault/note?path=${encodeURIComponent(path)}`);
}

export interface EventHandlers {
  /** The stream is (re)connected; events may have been missed while it was down. */
  onOpen(): void;
  onVault(event: VaultEvent): void;
  onHarness(status: HarnessStatus): void;
  /** The long-term layer started, stopped or changed state (its vectors may have moved). */
  onEmbeddings?(): void;
  /** A synchronised conversation changed on some device. */
  onConversation?(event: ConversationEvent): void;
  /** The stream dropped; `closed` means the browser will not retry on its own. */
  onError(closed: boolean): void;
}

/**
 * An event's data read through `schema`, or null: a malformed event is dropped rather than
 * crashing the page; the next load of what it told of corrects it.
 */
function eventData<T>(event: Event, schema: $ZodType<T>): T | null {
  let data: unknown;
  try {
    data = JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return null;
  }
  const parsed = safeParse(schema, data);
  return parsed.success ? parsed.data : null;
}

function listen<T>(source: EventSource, name: string, schema: $ZodType<T>, handle: (v: T) => void) {
  source.addEventListener(name, (event) => {
    const data = eventData(event, schema);
    if (data !== null) handle(data);
  });
}

/** Opens the server-sent event stream; returns a function that closes it. */
export function openEvents(handlers: EventHandlers): () => void {
  const source = new EventSource('/api/events');
  source.addEventListener('open', () => handlers.onOpen());
  source.addEventListener('error', () =>
    handlers.onError(source.readyState === EventSource.CLOSED),
  );
  listen(source, 'vault', VaultEventSchema, handlers.onVault);
  listen(source, 'harness', HarnessStatusSchema, handlers.onHarness);
  // No data to trust: the event only says «read the status again».
  source.addEventListener('embeddings', () => handlers.onEmbeddings?.());
  const onConversation = handlers.onConversation;
  if (onConversation) {
    // The schema loads with the first such event: the page's first script does without it.
    let schema: Promise<typeof ConversationEventSchema> | null = null;
    source.addEventListener('conversation', (event) => {
      schema ??= import('../../common/conversation-schemas.ts').then(
        (m) => m.ConversationEventSchema,
      );
      void schema.then((s) => {
        const data = eventData(event, s);
        if (data !== null) onConversation(data);
      });
    });
  }
  return () => source.close();
}

/** Profiles, projects, providers and the latest closing: what the composer offers and checks. */
export function getChatContext(): Promise<ChatContext> {
  return request(ChatContextSchema, '/api/chat/context');
}

/** Every readable note with its size, mtime and hash. */
export function getManifest(): Promise<Manifest> {
  return requestChecked(checkManifest, '/api/vault/manifest');
}

/** The contents of up to 500 notes at once; paths that are gone come back in `missing`. */
export function getNotesBatch(paths: readonly string[]): Promise<NotesBatch> {
  return request(NotesBatchSchema, '/api/vault/batch', postJson({ paths }));
}

/**
 * Asks for one answer and yields its events as they arrive. A refusal before
 * streaming (unknown profile, note not found…) throws an `ApiError`; once the
 * stream is open every problem is an `error` event: a malformed event becomes
 * `bad_event` (and ends the stream), a dropped connection `network`. Aborting
 * `signal` ends the generator quietly; the server then aborts the upstream.
 */
export async function* streamChat(
  body: ChatRequestInput,
  signal: AbortSignal,
): AsyncGenerator<ChatEvent> {
  let response: Response;
  try {
    response = await fetch('/api/chat', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal.aborted) return;
    throw new ApiError('network', cause instanceof Error ? cause.message : String(cause), 0);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new ApiError('bad_answer', 'empty body', response.status);
  // The stream's reader loads with the first answer, not with the page.
  const { chatEvents } = await import('./chat-events.ts');
  yield* chatEvents(response.body, signal);
}
