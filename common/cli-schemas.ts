import * as z from 'zod/mini';
import { ChatTurnSchema } from './chat-schemas.ts';

/**
 * What the `soma` command shares with the server: the credentials file the server
 * writes for it, and the terminal's conversation, which lives on the server.
 */

/** `<configDir>/cli.json`, mode 0600: where SOMA listens and the terminal's session token. */
export const CliCredentialsSchema = z.object({
  version: z.literal(1),
  /** `http://127.0.0.1:PORT` of the running server (rewritten at every start). */
  url: z.string(),
  /** A session token like a browser's cookie; revoking «Terminal» in Dispositivos ends it. */
  token: z.string().check(z.minLength(20)),
});
export type CliCredentials = z.infer<typeof CliCredentialsSchema>;

/** GET /api/conversation: the caller's server-side conversation, oldest turn first. */
export const ConversationSchema = z.object({ turns: z.array(ChatTurnSchema) });
export type Conversation = z.infer<typeof ConversationSchema>;

/** POST /api/conversation/turns: one exchange to remember (the question and the answer). */
export const ConversationAppendSchema = z.object({
  turns: z.array(ChatTurnSchema).check(z.minLength(1), z.maxLength(2)),
});
