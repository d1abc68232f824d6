import { parseCommand } from '../../common/commands.ts';
import { interpretCommand } from './interpret-command.ts';
import { type ChatParts, runOutcome } from './run-outcome.ts';

/** Commands that check their argument against what the server knows, asked again first. */
const NEEDS_CONTEXT = ['modo', 'proyecto', 'recordar'];

/** Reads the composer: a message is sent, a command carried out. */
export async function submit(parts: ChatParts, notePaths: () => Promise<string[] | null>) {
  const { state, i18n } = parts.core;
  const text = state.text.trim();
  if (state.streaming || (text === '' && state.chips.length === 0)) return;
  const parsed = parseCommand(text);
  const needsNotes = parsed.kind === 'command' && parsed.id === 'unir';
  const needsContext = parsed.kind === 'command' && NEEDS_CONTEXT.includes(parsed.id);
  // Profiles, projects and the last closing change on the server; ask again before checking.
  if (needsContext) await parts.conversations.loadContext();
  const paths = needsNotes ? await notePaths() : null;
  const outcome = interpretCommand(parsed, {
    chat: state.context,
    notePaths: paths,
    locale: i18n.locale(),
  });
  await runOutcome(parts, outcome);
}
