import type { Writable } from 'node:stream';
import type { ChatRequestInput } from '../common/chat-schemas.ts';
import { CliError } from './exit-codes.ts';
import type { SomaClient } from './soma-client.ts';

/** A finished answer and who wrote it. */
export interface Answer {
  text: string;
  provider: string;
  model: string;
}

/**
 * Streams one answer: its text to standard output as it arrives, what was sent and who
 * answered to standard error (or every event as a JSON line with `--json`). An error
 * event ends the run with its code; text already shown stays, marked as cut.
 */
export async function streamAnswer(
  client: SomaClient,
  body: ChatRequestInput,
  io: { stdout: Writable; stderr: Writable },
  asJson: boolean,
): Promise<Answer> {
  let text = '';
  for await (const event of client.chat(body)) {
    if (asJson) io.stdout.write(`${JSON.stringify({ event: 'chat', ...event })}\n`);
    switch (event.type) {
      case 'meta':
        if (!asJson) {
          const sent = event.sent.map((s) => s.label).join(', ');
          io.stderr.write(`→ ${event.provider} · ${event.model}${sent ? ` · con: ${sent}` : ''}\n`);
          for (const notice of event.notices) io.stderr.write(`  ${notice}\n`);
        }
        break;
      case 'delta':
        text += event.text;
        if (!asJson) io.stdout.write(event.text);
        break;
      case 'fallback':
        if (!asJson)
          io.stderr.write(`\n↪ ${event.to.provider} · ${event.to.model} (${event.reason})\n`);
        break;
      case 'error':
        if (!asJson && text !== '') io.stdout.write('\n[respuesta cortada]\n');
        throw new CliError(event.code, event.message);
      case 'done':
        if (!asJson) {
          if (!text.endsWith('\n')) io.stdout.write('\n');
          io.stderr.write(
            `— ${event.provider} · ${event.model} · ${Math.round(event.ttftMs)} ms\n`,
          );
        }
        return { text, provider: event.provider, model: event.model };
    }
  }
  throw new CliError('stream_cut', 'la respuesta terminó sin cerrarse.');
}
