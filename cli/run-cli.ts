import type { Readable, Writable } from 'node:stream';
import type { Attachment, ChatContext, ChatRequestInput } from '../common/chat-schemas.ts';
import type { HistoryListAnswer } from '../common/history-schemas.ts';
import type { Proposal } from '../common/proposal-schemas.ts';
import type { WebSearchAnswer } from '../common/web-schemas.ts';
import {
  openThread,
  printConversations,
  restartConversation,
  type Thread,
} from './conversation-thread.ts';
import { type Decision, decideProposals } from './decide-proposals.ts';
import { CliError } from './exit-codes.ts';
import { noteAttachments, pageAttachment, readAll } from './gather-context.ts';
import { helpText } from './help-text.ts';
import { historyText } from './history-text.ts';
import { parseFlags } from './parse-flags.ts';
import { pickVersion } from './restore-version.ts';
import { searchVault } from './search-vault.ts';
import { readCredentials, SomaClient } from './soma-client.ts';
import { streamAnswer } from './stream-answer.ts';
import type { Terminal } from './terminal.ts';

/** How many `--buscar` hits are attached (the PWA pre-selects the same number). */
export const SEARCH_HITS_KEPT = 3;

/** The process around a run: arguments, environment and standard streams. */
export interface CliIo {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  cwd: string;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable;
  /** Aborted on Ctrl-C: the stream stops and the run ends with status 130. */
  signal: AbortSignal;
  /** The terminal to ask `[S/n]` on, or null when there is none (a pipe, cron). */
  terminal: () => Promise<Terminal | null>;
}

/** One `soma` run; resolves with its exit status. */
export async function runCli(io: CliIo): Promise<number> {
  const parsed = parseFlags(io.argv);
  if (!parsed.ok) {
    io.stderr.write(`${new CliError('usage', parsed.message).describe()}\n`);
    return 2;
  }
  const req = parsed.request;
  const json = (event: object) => io.stdout.write(`${JSON.stringify(event)}\n`);
  const say = (text: string) => (req.json ? undefined : io.stderr.write(text));
  try {
    const help = req.commands.get('ayuda');
    const nothingAsked =
      req.question === '' &&
      req.commands.size === 0 &&
      req.history === null &&
      !req.listConversations;
    if (help || nothingAsked) {
      io.stdout.write(helpText(help?.[0]));
      return 0;
    }
    const client = new SomaClient(await readCredentials(io.env), io.signal);
    if (req.history !== null) {
      const list = await client.json<HistoryListAnswer>(
        `/api/history/note?path=${encodeURIComponent(req.history)}`,
      );
      if (req.restore === null) {
        io.stdout.write(req.json ? `${JSON.stringify(list)}\n` : historyText(list));
        return 0;
      }
      const version = pickVersion(list, req.restore);
      const { proposal } = await client.json<{ proposal: Proposal }>('/api/proposals/restore', {
        method: 'POST',
        body: { path: list.path, version },
      });
      const terminal = await io.terminal();
      try {
        const decider = { ask: terminal?.ask ?? null, yes: req.yes };
        const decisions = await decideProposals(client, [proposal], decider, say);
        if (req.json) for (const d of decisions) json({ event: 'decision', ...summary(d) });
      } finally {
        terminal?.close();
      }
      return 0;
    }
    if (req.listConversations) {
      await printConversations(client, io.stdout);
      return 0;
    }
    const listing = (['modo', 'proyecto'] as const).find(
      (id) => req.commands.get(id)?.length === 0,
    );
    if (listing) {
      const context = await client.json<ChatContext>('/api/chat/context');
      const rows =
        listing === 'modo'
          ? context.profiles.map((p) => `${p.id}\t${p.label}\t${p.description}`)
          : context.projects;
      const all = listing === 'modo' ? context.profiles : context.projects;
      io.stdout.write(req.json ? `${JSON.stringify(all)}\n` : rows.map((r) => `${r}\n`).join(''));
      return 0;
    }
    // A chosen conversation cleared: the run goes on in the new one that replaces it.
    let restarted: Thread | null = null;
    if (req.commands.has('reiniciar') && req.conversation !== null) {
      restarted = await restartConversation(client, req.conversation);
      say(`Conversación ${req.conversation} borrada en todos los dispositivos.\n`);
      if (req.json) json({ event: 'reset', deleted: req.conversation });
    } else if (req.commands.has('reiniciar')) {
      await client.json('/api/conversation', { method: 'DELETE' });
      say('Historial del terminal borrado.\n');
      if (req.json) json({ event: 'reset' });
    }
    const attachments = await gather(client, io, req.commands);
    const mode = req.commands.has('cerrar')
      ? 'closing'
      : req.commands.has('resumir')
        ? 'summary'
        : 'chat';
    if (mode === 'chat' && req.question === '') {
      if (attachments.length > 0 || req.commands.has('web')) {
        throw new CliError('usage', 'falta la pregunta: soma "pregunta" --unir nota.md');
      }
      if (!req.commands.has('recuerda')) return 0;
    }
    const terminal = await io.terminal();
    try {
      const decider = { ask: terminal?.ask ?? null, yes: req.yes };
      // `soma --recuerda "…"` alone asks nothing of the model: it only proposes the sentence.
      if (mode === 'chat' && req.question === '') {
        const decisions = await decideProposals(
          client,
          await remember(client, req.commands),
          decider,
          say,
        );
        if (req.json) for (const d of decisions) json({ event: 'decision', ...summary(d) });
        return 0;
      }
      const thread = restarted ?? (await openThread(client, req.conversation));
      const context = await client.json<ChatContext>('/api/chat/context');
      const profile = req.commands.get('modo')?.[0] ?? thread.profile ?? context.defaultProfile;
      if (req.commands.has('web')) {
        await webAnswer(client, req.question, thread, io, json, req.json);
        return 0;
      }
      const body: ChatRequestInput = {
        mode,
        message: mode === 'chat' ? req.question : '',
        history: thread.history,
        attachments,
        project: req.commands.get('proyecto')?.[0] ?? thread.project,
        recall: req.commands.has('recordar'),
        profile,
        ...(thread.conversationId && mode === 'chat'
          ? { conversationId: thread.conversationId }
          : {}),
      };
      if (mode === 'chat') await thread.ask(req.question);
      let streamed: Awaited<ReturnType<typeof streamAnswer>>;
      try {
        streamed = await streamAnswer(client, body, io, req.json);
      } catch (err) {
        // The question's hold on a synchronised conversation ends with an answer, even a failed one.
        if (mode === 'chat')
          await thread.answered(req.question, '', 'error').catch(() => undefined);
        throw err;
      }
      const answer = { ...streamed, profile };
      if (mode === 'chat') await thread.answered(req.question, answer.text, 'complete');
      if (restarted && mode === 'chat') {
        say(`Sigue en la conversación nueva: soma --conversacion ${restarted.conversationId}\n`);
        if (req.json) json({ event: 'conversation', id: restarted.conversationId });
      }
      const proposals = await propose(
        client,
        mode,
        req.question,
        answer,
        req.commands,
        attachments,
      );
      const sentNotes = attachments.flatMap((a) => (a.kind === 'note' ? [a.path] : []));
      const decisions = await decideProposals(client, proposals, decider, say, (approved) =>
        connections(client, approved, sentNotes),
      );
      if (req.json) for (const d of decisions) json({ event: 'decision', ...summary(d) });
      return 0;
    } finally {
      terminal?.close();
    }
  } catch (err) {
    const error =
      err instanceof CliError
        ? err
        : io.signal.aborted
          ? new CliError('interrupted', 'interrumpido.')
          : new CliError('internal', err instanceof Error ? err.message : String(err));
    if (req.json)
      json({ event: 'error', code: error.code, message: error.message, status: error.status });
    io.stderr.write(`${error.describe()}\n`);
    return error.status;
  }
}

/** The context the flags chose, gathered before the question is sent. */
async function gather(client: SomaClient, io: CliIo, commands: Map<string, string[]>) {
  const out: Attachment[] = [];
  if (commands.has('conectar')) {
    if (io.stdin.isTTY) throw new CliError('no_stdin', '--conectar no tiene nada que leer.');
    const text = await readAll(io.stdin);
    if (text.trim() === '') throw new CliError('no_stdin', 'la entrada estándar llegó vacía.');
    out.push({ kind: 'paste', text });
  }
  const names = commands.get('unir');
  if (names) out.push(...(await noteAttachments(client, names, io.cwd)));
  for (const query of commands.get('buscar') ?? []) {
    const paths = await searchVault(client, query, SEARCH_HITS_KEPT);
    if (paths.length === 0) throw new CliError('not_found', `«${query}» no aparece en la bóveda.`);
    io.stderr.write(`Adjunto de «${query}»: ${paths.join(', ')}\n`);
    out.push({ kind: 'search', query, paths });
  }
  for (const url of commands.get('extraer') ?? []) out.push(await pageAttachment(client, url));
  return out;
}

/** The proposals this run makes: synapses and `--guardar`/`--registrar` after an answer, or the closing. */
async function propose(
  client: SomaClient,
  mode: 'chat' | 'summary' | 'closing',
  question: string,
  answer: { text: string; provider: string; model: string; profile: string },
  commands: Map<string, string[]>,
  attachments: readonly Attachment[],
): Promise<Proposal[]> {
  const meta = { profile: answer.profile, provider: answer.provider, model: answer.model };
  const one = async (path: string, body: object) =>
    (await client.json<{ proposal: Proposal }>(path, { method: 'POST', body })).proposal;
  if (mode === 'closing')
    return [await one('/api/proposals/closing', { content: answer.text, meta })];
  if (mode !== 'chat') return [];
  const { proposals } = await client.json<{ proposals: Proposal[] }>('/api/proposals/synapses', {
    method: 'POST',
    body: { answer: answer.text },
  });
  const out = [...proposals];
  const save = commands.get('guardar');
  if (save) {
    const sources = attachments.flatMap((a) =>
      a.kind === 'note'
        ? [a.path]
        : a.kind === 'search'
          ? a.paths
          : a.kind === 'url'
            ? [a.url]
            : [],
    );
    const title = save[0];
    out.push(
      await one('/api/proposals/save', {
        ...(title ? { title } : {}),
        question,
        answer: answer.text,
        meta: { ...meta, sources },
      }),
    );
  }
  for (const path of commands.get('registrar') ?? []) {
    out.push(await one('/api/proposals/write', { path, content: answer.text }));
  }
  for (const path of commands.get('anexar') ?? []) {
    out.push(await one('/api/proposals/append', { path, content: answer.text }));
  }
  out.push(...(await remember(client, commands)));
  return out;
}

/**
 * After a synapse `[[B]]` is approved, the link into the graph: for each note sent with
 * the turn (other than B), `- [[B]]` under its «Conexiones», as the PWA proposes it.
 */
async function connections(
  client: SomaClient,
  approved: Proposal,
  sentNotes: readonly string[],
): Promise<Proposal[]> {
  const link = approved.kind === 'synapse' ? approved.link : null;
  if (!link) return [];
  const out: Proposal[] = [];
  for (const note of new Set(sentNotes)) {
    if (note === link.resolved) continue;
    try {
      const { proposal } = await client.json<{ proposal: Proposal }>('/api/proposals/connection', {
        method: 'POST',
        body: { note, link: link.target },
      });
      out.push(proposal);
    } catch (err) {
      // The note already links there: nothing to propose.
      if (err instanceof CliError && err.code === 'already_linked') continue;
      throw err;
    }
  }
  return out;
}

/** `--recuerda TEXTO`: one proposal per sentence, for the user-context note. */
async function remember(client: SomaClient, commands: Map<string, string[]>): Promise<Proposal[]> {
  const out: Proposal[] = [];
  for (const text of commands.get('recuerda') ?? []) {
    const body = { text };
    out.push(
      (
        await client.json<{ proposal: Proposal }>('/api/proposals/remember', {
          method: 'POST',
          body,
        })
      ).proposal,
    );
  }
  return out;
}

/** `--web`: the harness's search model answers, with its sources; the turn is remembered. */
async function webAnswer(
  client: SomaClient,
  question: string,
  thread: Thread,
  io: CliIo,
  json: (e: object) => void,
  asJson: boolean,
): Promise<void> {
  await thread.ask(question);
  const web = await client
    .json<WebSearchAnswer>('/api/web', { method: 'POST', body: { question } })
    .catch(async (err: unknown) => {
      await thread.answered(question, '', 'error').catch(() => undefined);
      throw err;
    });
  if (asJson) json({ event: 'web', ...web });
  else {
    io.stdout.write(`${web.answer.trimEnd()}\n`);
    if (web.sources.length > 0) {
      io.stdout.write(
        `\nFuentes:\n${web.sources.map((s) => `- ${s.title} <${s.url}>`).join('\n')}\n`,
      );
    }
    io.stderr.write(`— ${web.provider} · ${web.model}\n`);
  }
  await thread.answered(question, web.answer, 'complete');
}

function summary(d: Decision) {
  return {
    id: d.proposal.id,
    kind: d.proposal.kind,
    path: d.proposal.path,
    approved: d.approved,
    asked: !d.unasked,
    written: d.written,
  };
}
