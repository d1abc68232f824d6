/** The URL when it is an absolute http(s) address, else null: never a `javascript:` or `data:` link. */
export function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
