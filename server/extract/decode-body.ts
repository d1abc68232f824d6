/**
 * Bytes to text with the page's own character set, so Spanish pages served as
 * `windows-1252` or `iso-8859-1` keep their «ñ», «á» and «¿». Order, as
 * browsers do: a byte-order mark, the Content-Type header, a `<meta>` in the
 * first bytes of an HTML page, then UTF-8. Labels go through TextDecoder,
 * which follows the WHATWG Encoding Standard (`iso-8859-1` and `latin1` mean
 * `windows-1252` there, as in every browser).
 */

/** How far into an HTML page a `<meta charset>` is looked for (the standard says 1024; pages overshoot). */
const META_SNIFF_BYTES = 2048;

const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The `charset` parameter of a Content-Type header, if any. */
export function headerCharset(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}

/** The charset declared by `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">`. */
export function metaCharset(bytes: Uint8Array): string | null {
  // latin1 maps every byte to one character, so ASCII markup reads the same in any charset.
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, META_SNIFF_BYTES),
  ).toString('latin1');
  return META_CHARSET.exec(head)?.[1] ?? null;
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    // An unknown label (a typo on the page) falls through to the next source, as browsers do.
    return null;
  }
}

/** Decodes a page body; `charset` is the encoding actually used (WHATWG name). */
export function decodeBody(
  bytes: Uint8Array,
  contentType: string | null,
  isHtml: boolean,
): { text: string; charset: string } {
  const decoder =
    decoderFor(bomCharset(bytes)) ??
    decoderFor(headerCharset(contentType)) ??
    (isHtml ? decoderFor(metaCharset(bytes)) : null) ??
    new TextDecoder('utf-8');
  // Not fatal: one stray byte becomes U+FFFD instead of losing the page. The BOM is dropped.
  return { text: decoder.decode(bytes), charset: decoder.encoding };
}
