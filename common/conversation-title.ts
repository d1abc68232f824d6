/**
 * A conversation's title: the first characters of its first question. Its own module, so
 * the page's first script takes it without the conversation schemas.
 */
export function conversationTitle(question: string): string {
  return question.slice(0, 60);
}
