import { parse } from 'yaml';
import { frontMatterBlock } from './front-matter-block.ts';

export interface SplitNote {
  /** The parsed YAML mapping, or null when there is none or it is invalid. */
  frontMatter: Record<string, unknown> | null;
  /** The Markdown after the front matter block (the whole text when there is none). */
  body: string;
  /** Why the block could not be used; the note is still readable. */
  error: string | null;
}

/**
 * Splits a note into YAML front matter and body, as Obsidian does: only a block that
 * starts on the very first line and is closed by a `---` line counts.
 */
export function splitFrontMatter(text: string): SplitNote {
  const block = frontMatterBlock(text);
  if (!block) return { frontMatter: null, body: text, error: null };
  const { yaml: yamlText, body } = block;
  let value: unknown;
  try {
    value = parse(yamlText);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { frontMatter: null, body, error: `YAML no válido: ${reason}` };
  }
  // An empty block (`---\n---`) is an empty mapping, not an error.
  if (value === null || value === undefined) return { frontMatter: {}, body, error: null };
  if (typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'una lista' : 'un valor simple';
    return {
      frontMatter: null,
      body,
      error: `La cabecera YAML debe ser un mapa de claves, no ${kind}`,
    };
  }
  return { frontMatter: value as Record<string, unknown>, body, error: null };
}
