/**
 * Ids of a session's terminal conversations start so; the newest one is its current one.
 * It lives here, beside the store, because both the terminal's route and the import of its
 * old conversations name them.
 */
export function terminalPrefix(sessionId: string): string {
  return `terminal-${sessionId}-`;
}
