/** What another app shared, split for the composer. */
export interface Shared {
  /** Shared text (and title): becomes a /conectar chip. */
  text: string;
  /** A shared link: becomes an `/extraer URL` command in the composer. */
  url: string;
}

/** A URL inside `text` (many apps share a link as text). */
const URL_IN_TEXT = /https?:\/\/\S+/;

/** The `title`, `text` and `url` of a share's query string; null when nothing was shared. */
export function parseShare(search: string): Shared | null {
  const params = new URLSearchParams(search);
  let text = [params.get('title'), params.get('text')].filter(Boolean).join('\n').trim();
  let url = (params.get('url') ?? '').trim();
  // Many apps share a bare link as text: that is a link, not text to attach.
  if (!url && text.match(URL_IN_TEXT)?.[0] === text) {
    url = text;
    text = '';
  }
  return text || url ? { text, url } : null;
}
