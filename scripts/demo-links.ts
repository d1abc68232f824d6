/**
 * The demo server's synapses: it reads the vault's note names from the listing SOMA puts
 * in the system message (after the harness's `vaultListing` prompt, fenced with `~~~`),
 * so that now and then its answer links an existing note and the person meets a synapse.
 */

interface ChatBody {
  messages?: { role?: string; content?: unknown }[];
}

/** The note names listed in a chat request, or [] when SOMA sent no listing. */
export function noteNamesFromRequest(body: unknown, listingPrompt: string): string[] {
  const messages = (body as ChatBody | null)?.messages ?? [];
  for (const m of messages) {
    if (m.role !== 'system' || typeof m.content !== 'string') continue;
    const at = m.content.indexOf(listingPrompt);
    if (at === -1) continue;
    const rest = m.content.slice(at + listingPrompt.length);
    const fence = /\n(~{3,})\n([\s\S]*?)\n\1/.exec(rest);
    if (!fence) return [];
    return (fence[2] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/[[\]|#]/.test(line));
  }
  return [];
}

/** Every `every`-th answer links one of the names, taking them in turn; otherwise null. */
export function demoLink(names: readonly string[], answer: number, every = 2): string | null {
  if (names.length === 0 || answer % every !== 0) return null;
  return names[(answer / every) % names.length] ?? null;
}
