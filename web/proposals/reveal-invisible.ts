/**
 * Characters that change how a path looks without showing themselves: control
 * characters, bidi embeddings, overrides, isolates and marks (U+202E can make
 * `exe.md` read `dm.exe`), zero-width spaces and joiners, the BOM, the soft hyphen
 * and the blank Hangul fillers. Variation selectors are left alone: emoji need them.
 */
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
];

function isInvisible(cp: number): boolean {
  return INVISIBLE_RANGES.some(([from, to]) => cp >= from && cp <= to);
}

/**
 * `text` with every invisible or direction-changing character spelled out as
 * `⟨U+202E⟩`, so a proposal card shows the user exactly what will be written.
 */
export function revealInvisible(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    out += isInvisible(cp) ? `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩` : ch;
  }
  return out;
}

/**
 * A translated sentence split around one placeholder's value, so the value can be put in
 * its own element (`<bdi>`); `fill` stands in for the translation function.
 */
export function splitAround(
  fill: (value: string) => string,
): { before: string; after: string } | null {
  const marker = '\u0000';
  const parts = fill(marker).split(marker);
  if (parts.length !== 2) return null;
  return { before: parts[0] ?? '', after: parts[1] ?? '' };
}
