/**
 * Cuts a note into the pieces that are embedded: by headings, then paragraphs, packed
 * to CHUNK_TARGET..CHUNK_MAX characters. A code fence is one block, never cut (an
 * embedder truncates it rather than mixing half of it with prose). Each chunk's
 * embedded text starts with the note's title and heading path, so a paragraph that
 * says «it» still lands near its subject.
 */

/** A chunk below this many characters takes the next block in, even across a heading. */
const CHUNK_TARGET = 500;
/** No chunk grows past this by packing (a single long block is split at sentences). */
const CHUNK_MAX = 1000;
/** Small sections merge into the next one rather than becoming chunks of their own. */
const SECTION_MIN = 250;

/**
 * Chunks a note of `bytes` bytes is likely cut into, without reading it: packing aims
 * between CHUNK_TARGET and CHUNK_MAX characters, and every note makes at least one.
 */
export function estimateChunks(bytes: number): number {
  return Math.max(1, Math.round(bytes / ((CHUNK_TARGET + CHUNK_MAX) / 2)));
}

export interface NoteChunk {
  index: number;
  /** Heading path, `A › B`; '' before the first heading. */
  heading: string;
  /** Range in the body, end exclusive. */
  start: number;
  end: number;
  /** What is embedded: title and heading path, a blank line, then the chunk. */
  text: string;
}

interface Block {
  start: number;
  end: number;
  heading: string;
  /** First block after a heading line. */
  opensSection: boolean;
  /** Nothing but a heading line (a heading directly followed by a deeper one). */
  headingOnly: boolean;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The note's blocks: paragraphs, whole fences, heading lines (which carry the path). */
function blocks(body: string): Block[] {
  const out: Block[] = [];
  const path: string[] = [];
  let fence: string | null = null;
  let cur: { start: number; end: number } | null = null;
  let opens = true;
  const flush = () => {
    const text = cur ? body.slice(cur.start, cur.end) : '';
    if (cur && text.trim() !== '') {
      const heading = path.filter(Boolean).join(' › ');
      out.push({ ...cur, heading, opensSection: opens, headingOnly: HEADING_ONLY.test(text) });
      opens = false;
    }
    cur = null;
  };
  let pos = 0;
  for (const line of body.split('\n')) {
    const start = pos;
    const end = pos + line.length;
    pos = end + 1;
    if (fence) {
      if (cur) cur.end = end;
      if (line.trimStart().startsWith(fence)) fence = null;
      continue;
    }
    const f = FENCE.exec(line);
    if (f?.[1]) {
      fence = f[1];
      if (!cur) cur = { start, end };
      cur.end = end;
      continue;
    }
    const h = HEADING.exec(line);
    if (h?.[1]) {
      flush();
      path.length = Math.min(path.length, h[1].length - 1);
      while (path.length < h[1].length - 1) path.push('');
      path.push(h[2] ?? '');
      opens = true;
      // The heading line is part of its section's first chunk.
      cur = { start, end };
      continue;
    }
    if (line.trim() === '') {
      if (cur && !body.slice(cur.start, cur.end).match(HEADING_ONLY)) flush();
      continue;
    }
    if (!cur) cur = { start, end };
    cur.end = end;
  }
  flush();
  return out;
}
const HEADING_ONLY = /^ {0,3}#{1,6}[ \t][^\n]*$/;

/** Splits a range longer than CHUNK_MAX at sentence ends or spaces (never inside a fence). */
function splitLong(body: string, start: number, end: number): [number, number][] {
  if (end - start <= CHUNK_MAX || FENCE.test(body.slice(start, end).trimStart())) {
    return [[start, end]];
  }
  const parts: [number, number][] = [];
  let s = start;
  while (end - s > CHUNK_MAX) {
    const window = body.slice(s, s + CHUNK_MAX);
    const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('\n'));
    const at = cut > CHUNK_TARGET / 2 ? cut + 1 : Math.max(window.lastIndexOf(' '), 1);
    parts.push([s, s + at]);
    s += at;
  }
  parts.push([s, end]);
  return parts;
}

/** The chunks of one note's body (front matter already removed). */
export function chunkNote(title: string, body: string): NoteChunk[] {
  type Range = { start: number; end: number; heading: string; headingOnly: boolean };
  const ranges: Range[] = [];
  let cur: Range | null = null;
  for (const b of blocks(body)) {
    for (const [start, end] of splitLong(body, b.start, b.end)) {
      const size = cur ? end - cur.start : 0;
      const newSection = b.opensSection && start === b.start;
      const full = cur && (size > CHUNK_MAX || cur.end - cur.start >= CHUNK_TARGET);
      if (cur && (full || (newSection && cur.end - cur.start >= SECTION_MIN))) {
        ranges.push(cur);
        cur = null;
      }
      if (cur?.headingOnly) Object.assign(cur, { heading: b.heading, headingOnly: b.headingOnly });
      if (cur) cur.end = end;
      else cur = { start, end, heading: b.heading, headingOnly: b.headingOnly };
    }
  }
  if (cur) ranges.push(cur);
  return ranges.map(({ headingOnly: _, ...r }, index) => {
    const lead = r.heading ? `${title} › ${r.heading}` : title;
    return { index, ...r, text: `${lead}\n\n${body.slice(r.start, r.end).trim()}` };
  });
}

/** A note's title as Obsidian shows it: the file name without `.md`. */
export function noteTitle(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.md$/i, '');
}
