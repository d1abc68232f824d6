/** A front matter field ready to show: its key and its value as one short line. */
export interface FrontMatterEntry {
  key: string;
  value: string;
}

const TAG_KEYS = new Set(['tags', 'tag', 'etiquetas']);

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function toTags(value: unknown): string[] {
  const items = Array.isArray(value) ? value : String(value ?? '').split(/[,\s]+/);
  return items
    .map((item) => String(item).trim().replace(/^#/, ''))
    .filter((item) => item.length > 0);
}

/** Splits front matter into tags (shown as chips) and the other fields (shown as a compact list). */
export function summarizeFrontMatter(frontMatter: Readonly<Record<string, unknown>> | null): {
  tags: string[];
  entries: FrontMatterEntry[];
} {
  const tags: string[] = [];
  const entries: FrontMatterEntry[] = [];
  for (const [key, value] of Object.entries(frontMatter ?? {})) {
    if (TAG_KEYS.has(key.toLowerCase())) tags.push(...toTags(value));
    else entries.push({ key, value: formatValue(value) });
  }
  return { tags, entries };
}
