/**
 * «Recuerda que…» / «Recuerda:» (and the English «Remember that…» / «Remember:»): a
 * message that asks SOMA to remember something about the user. Shared by the PWA and the
 * `soma` command, so both read such a message the same way.
 */
const REMEMBER_RE = /^\s*(?:recuerda|remember)(?:\s+(?:que|that)\b|\s*:)\s*([\s\S]*)$/iu;

/**
 * What the message asks to remember, first letter capitalised, or null when it is not
 * such a message (or says nothing after the opening).
 */
export function rememberedText(message: string): string | null {
  const m = REMEMBER_RE.exec(message);
  const rest = m?.[1]?.trim() ?? '';
  if (rest === '') return null;
  return rest.charAt(0).toLocaleUpperCase('es') + rest.slice(1);
}
