import type { TurnRecord } from '../db/records.ts';

/** Words of the exported Markdown, in the UI's language. */
export interface ConversationWords {
  you: string;
  soma: string;
}

/**
 * A conversation as Markdown for `05_Salida/`: each turn under a `###` heading naming who
 * spoke (and, for an answer, which model), turns apart by a rule. Failed or empty answers
 * are left out: they said nothing worth keeping.
 */
export function renderConversation(turns: readonly TurnRecord[], words: ConversationWords): string {
  const parts = turns
    .filter((t) => t.content.trim() !== '')
    .map((t) => {
      const who =
        t.role === 'user'
          ? words.you
          : t.meta
            ? `${words.soma} · ${t.meta.provider} · ${t.meta.model}`
            : words.soma;
      return `### ${who}\n\n${t.content.trim()}`;
    });
  return parts.join('\n\n---\n\n');
}
