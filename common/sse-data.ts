/**
 * Server-sent events, reduced to what a chat stream needs: the `data` of each
 * event. Follows the WHATWG parsing rules for line ends (`\r\n`, `\n`, `\r`),
 * comments (`: OPENROUTER PROCESSING`), multi-line `data:` (joined with `\n`)
 * and ignores other fields (`event:`, `id:`, `retry:`).
 */

/** The payload that ends an OpenAI-style stream. */
export const SSE_DONE = '[DONE]';

/**
 * Yields the data of each event in an SSE byte stream, in order. Bytes may be
 * split anywhere, even inside a UTF-8 character. `[DONE]` is yielded like any
 * other payload (the caller decides it means the end) and nothing is read
 * after it. Returning early cancels the stream, which closes the connection.
 */
export async function* sseData(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  let finished = false;

  /** Handles one complete line; returns a payload when the line ends an event. */
  const line = (text: string): string | undefined => {
    if (text === '') {
      if (data.length === 0) return undefined;
      const payload = data.join('\n');
      data = [];
      return payload;
    }
    if (text.startsWith(':')) return undefined;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== 'data') return undefined;
    const value = colon === -1 ? '' : text.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
    return undefined;
  };

  try {
    while (true) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // An event not closed by a blank line when the stream ends is dropped (as the
      // WHATWG parser does): it may be half a JSON chunk from a cut connection.
      if (done) finished = true;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        // A lone `\r` at the end may be the first half of `\r\n`: wait for more bytes.
        if (ch === '\r' && i === buffer.length - 1 && !done) break;
        const payload = line(buffer.slice(start, i));
        if (ch === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
        if (payload !== undefined) {
          yield payload;
          if (payload === SSE_DONE) return;
        }
      }
      buffer = buffer.slice(start);
      if (done) return;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
