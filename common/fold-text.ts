/**
 * Accent and case folding, the one rule behind every loose comparison of words: command
 * names, note names in the chat box, search terms and the offline filter. `boveda` finds
 * `bóveda`, `CORAZON` finds `corazón`, `RESUMÍR` typed as NFC or NFD is `resumir`. `ñ`
 * folds to `n` too: users on phones often type without it, and no common pair of Spanish
 * words differs only by it in a way that hurts a search (`año`/`ano` is the known casualty).
 * `toLowerCase` (not `toLocaleLowerCase`) so the server and every browser agree whatever
 * their locale. Shared by the server and the PWA, so no Node imports here.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
