import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { safeParse } from 'zod/v4/core';
import { type ChatEvent, ChatEventSchema, type ChatRequestInput } from '../common/chat-schemas.ts';
import { type CliCredentials, CliCredentialsSchema } from '../common/cli-schemas.ts';
import { sseData } from '../common/sse-data.ts';
import { defaultConfigDir } from '../server/config/default-config-dir.ts';
import { CliError } from './exit-codes.ts';

/** `<configDir>/cli.json` as the server wrote it, refused when others could read it. */
export async function readCredentials(
  env: Record<string, string | undefined>,
): Promise<CliCredentials> {
  const dir = (env.SOMA_CONFIG_DIR ?? defaultConfigDir(env)).replace(/^~(?=$|\/)/, homedir());
  const file = join(dir, 'cli.json');
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch {
    throw new CliError('no_credentials', `no encuentro ${file}.`);
  }
  if ((info.mode & 0o077) !== 0 || (process.getuid && info.uid !== process.getuid())) {
    throw new CliError('unsafe_credentials', `${file} es legible por otros usuarios o no es tuyo.`);
  }
  const parsed = safeParse(CliCredentialsSchema, safeJson(await readFile(file, 'utf8')));
  if (!parsed.success) throw new CliError('no_credentials', `${file} no es válido.`);
  const url = new URL(parsed.data.url);
  // The token only ever travels to this machine.
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new CliError('unsafe_credentials', `${file} apunta fuera de este equipo (${url.host}).`);
  }
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The running SOMA over loopback, with the terminal's session. */
export class SomaClient {
  constructor(
    private readonly credentials: CliCredentials,
    private readonly signal: AbortSignal,
  ) {}

  async #fetch(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const origin = new URL(this.credentials.url).origin;
    let res: Response;
    try {
      res = await fetch(`${origin}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          cookie: `soma_session=${this.credentials.token}`,
          origin,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: this.signal,
      });
    } catch (err) {
      if (this.signal.aborted) throw new CliError('interrupted', 'interrumpido.');
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new CliError(
        'not_running',
        `SOMA no contesta en ${origin}${cause ? ` (${cause})` : ''}.`,
      );
    }
    if (!res.ok) throw await apiError(res);
    return res;
  }

  /** A JSON route's answer (`undefined` for 204). */
  async json<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await this.#fetch(path, init);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  /** POST /api/chat's events, in order; a malformed event is an `error` event. */
  async *chat(body: ChatRequestInput): AsyncGenerator<ChatEvent> {
    const res = await this.#fetch('/api/chat', { method: 'POST', body });
    if (!res.body) return;
    try {
      for await (const data of sseData(res.body)) {
        const parsed = safeParse(ChatEventSchema, safeJson(data));
        yield parsed.success
          ? parsed.data
          : { type: 'error', code: 'bad_response', message: 'evento ilegible', partial: true };
      }
    } catch (err) {
      if (this.signal.aborted) throw new CliError('interrupted', 'interrumpido.');
      throw err;
    }
  }
}

async function apiError(res: Response): Promise<CliError> {
  const body = safeJson(await res.text()) as
    | { error?: { code?: string; message?: string } }
    | undefined;
  const code = body?.error?.code ?? (res.status >= 500 ? 'internal' : 'bad_request');
  return new CliError(code, body?.error?.message ?? `SOMA contestó ${res.status}.`);
}
