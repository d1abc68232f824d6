import type { MessageKey } from './es.ts';

/**
 * The key of a command's words in the help table: what it does, or an example typed in
 * the language's own command names. i18n.test.ts checks every command has both.
 */
export function commandKey(id: string, part: 'does' | 'example'): MessageKey {
  return `help.${id}.${part}` as MessageKey;
}
