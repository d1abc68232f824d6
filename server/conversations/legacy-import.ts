import { readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { ChatTurnSchema } from '../../common/chat-schemas.ts';
import { conversationTitle } from '../../common/conversation-title.ts';
import type { ConversationStore } from './conversation-store.ts';
import { terminalPrefix } from './terminal-prefix.ts';

/** The file where the terminal kept one conversation per session before they were synchronised. */
const LEGACY_FILE = 'conversations.json';

const LegacyFileSchema = z.object({
  version: z.literal(1),
  bySession: z.record(z.string(), z.array(ChatTurnSchema)),
});

/**
 * Moves the terminal's old conversations (`<configDir>/conversations.json`) into the store,
 * one conversation per session, then renames the file `conversations.json.imported`. Turn
 * ids are their places, so an import cut by a crash runs again without duplicating.
 * Returns how many conversations it brought in.
 */
export async function importLegacyConversations(
  configDir: string,
  store: ConversationStore,
): Promise<number> {
  const file = join(configDir, LEGACY_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return 0;
  }
  const createdAt = (await stat(file)).mtimeMs;
  let parsed: z.infer<typeof LegacyFileSchema> | null = null;
  try {
    const result = safeParse(LegacyFileSchema, JSON.parse(text));
    if (result.success) parsed = result.data;
  } catch {
    // Not JSON: nothing to bring in; the file is kept aside all the same.
  }
  let count = 0;
  for (const [session, turns] of Object.entries(parsed?.bySession ?? {})) {
    if (turns.length === 0) continue;
    const question = turns.find((t) => t.role === 'user')?.content ?? '';
    await store.upload({
      conversations: [
        {
          id: `${terminalPrefix(session)}0`,
          createdAt,
          meta: { title: conversationTitle(question) },
          turns: turns.map((t, i) => ({ ...t, id: `legacy-${i}`, status: 'complete', createdAt })),
        },
      ],
    });
    count++;
  }
  await rename(file, `${file}.imported`);
  return count;
}
