import { For } from 'solid-js';

/** Splits `text` into plain and marked pieces, in order. */
export function pieces(text: string, marks: readonly [number, number][]) {
  const out: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end > text.length) continue;
    if (start > at) out.push({ text: text.slice(at, start), marked: false });
    out.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}

/** A snippet with its matched words in `<mark>`: text nodes only, the note's text is never HTML. */
export function HighlightedSnippet(props: { text: string; marks: readonly [number, number][] }) {
  return (
    <p class="hit-snippet">
      <For each={pieces(props.text, props.marks)}>
        {(piece) => (piece.marked ? <mark>{piece.text}</mark> : piece.text)}
      </For>
    </p>
  );
}
