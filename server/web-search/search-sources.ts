import * as z from 'zod/mini';
import { SSE_DONE, sseData } from '../../common/sse-data.ts';
import type { Source } from '../../common/web-schemas.ts';
import type { UpstreamFetch } from '../upstream/http-fetch.ts';

/**
 * The sources of a web answer, from two places: Groq's compound models list
 * what their search tool returned (`executed_tools[].search_results.results[]`)
 * on the streamed chunks, and any model writes links in its text. The chain
 * (`streamChat`) yields only text, so the tool results are read from a copy of
 * the upstream stream taken by a wrapped `fetch`.
 */

/** More than this is noise in a context chip. */
const MAX_SOURCES = 20;

const ToolsSchema = z.nullish(
  z.array(
    z.looseObject({
      search_results: z.nullish(
        z.looseObject({
          results: z.nullish(
            z.array(z.looseObject({ title: z.nullish(z.string()), url: z.string() })),
          ),
        }),
      ),
    }),
  ),
);

/** Where compound models put their tools: on the delta (streamed) or the message. */
const ToolChunkSchema = z.looseObject({
  choices: z.nullish(
    z.array(
      z.looseObject({
        delta: z.nullish(z.looseObject({ executed_tools: ToolsSchema })),
        message: z.nullish(z.looseObject({ executed_tools: ToolsSchema })),
      }),
    ),
  ),
});

/**
 * A fetch that behaves like `fetchFn` and also collects the search tool's
 * results into `found`; `settled()` resolves once every copy was read.
 */
export function fetchCollectingTools(
  fetchFn: UpstreamFetch,
  found: Source[],
): { fetch: UpstreamFetch; settled: () => Promise<void> } {
  const pending: Promise<void>[] = [];
  const wrapped: UpstreamFetch = async (url, init) => {
    const res = await fetchFn(url, init);
    if (!res.ok || !res.body) return res;
    const [mine, theirs] = res.body.tee();
    pending.push(collectTools(mine, found));
    return new Response(theirs, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
  return { fetch: wrapped, settled: async () => void (await Promise.all(pending)) };
}

async function collectTools(stream: ReadableStream<Uint8Array>, found: Source[]): Promise<void> {
  try {
    for await (const data of sseData(stream)) {
      if (data === SSE_DONE) break;
      let parsed: z.infer<typeof ToolChunkSchema>;
      try {
        parsed = ToolChunkSchema.parse(JSON.parse(data));
      } catch {
        continue; // The chain reports bad chunks; here they only mean no sources.
      }
      for (const choice of parsed.choices ?? []) {
        for (const tool of [
          ...(choice.delta?.executed_tools ?? []),
          ...(choice.message?.executed_tools ?? []),
        ]) {
          for (const r of tool.search_results?.results ?? []) {
            found.push({ title: r.title?.trim() || hostOf(r.url), url: r.url });
          }
        }
      }
    }
  } catch {
    // A cut or aborted stream: the chain reports it; the sources read so far stay.
  }
}

/** Longest line text taken as a bare URL's title. */
const MAX_TITLE_CHARS = 120;

const MD_LINK = /\[([^\]\n]{1,300})\]\((https?:\/\/[^\s)]+)\)/g;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const BARE_URL = /https?:\/\/[^\s<>()[\]"'«»]+/g;

/** Links in a Markdown answer: `[título](url)` and bare URLs, titled by their line. */
export function sourcesInText(text: string): Source[] {
  const out: Source[] = [];
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(MD_LINK)) out.push({ title: m[1]!.trim(), url: m[2]! });
    const rest = line.replace(MD_LINK, ' ');
    for (const m of rest.matchAll(BARE_URL)) {
      const url = m[0].replace(/[.,;:!?]+$/, '');
      const before = rest.slice(0, m.index).trimEnd();
      // Only a list item or a "Título — URL" line names its URL; inside prose the host reads better.
      const labelled = LIST_ITEM.test(before) || /[:—–|-]$/.test(before);
      const title = before
        .replace(LIST_ITEM, '')
        .replace(/[\s:—–|-]+$/, '')
        .replace(/\*\*/g, '')
        .trim();
      out.push({
        title: labelled && title && title.length <= MAX_TITLE_CHARS ? title : hostOf(url),
        url,
      });
    }
  }
  return out;
}

/** Tool results first (they are what was really read), then the text's; one per URL. */
export function mergeSources(...lists: Source[][]): Source[] {
  const seen = new Set<string>();
  const out: Source[] = [];
  for (const s of lists.flat()) {
    if (!/^https?:\/\//i.test(s.url) || seen.has(s.url)) continue;
    seen.add(s.url);
    out.push(s);
  }
  return out.slice(0, MAX_SOURCES);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
