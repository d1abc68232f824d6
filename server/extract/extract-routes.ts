import { Hono } from 'hono';
import { type ExtractAnswer, ExtractBodySchema } from '../../common/web-schemas.ts';
import type { HarnessStore } from '../harness/harness-store.ts';
import { parseJsonBody } from '../http/parse-json-body.ts';
import { FETCH_DEFAULTS, type FetchPageOptions, fetchPage } from './fetch-page.ts';

export interface ExtractRoutesDeps {
  harness: HarnessStore;
  /**
   * Whether loopback, link-local and private addresses may be fetched: false
   * unless the user switched it on. Read on every request, so a harness edit
   * takes effect at once; the lead wires it to a harness field.
   */
  allowPrivate?: () => boolean;
  /** Overrides of the download limits and the resolver (tests). */
  fetchOptions?: Partial<FetchPageOptions>;
}

/** A scheme is letters then `:`, but `localhost:8080` is a host and port, not a scheme. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * /extraer: downloads a page, extracts its readable text as Markdown and cuts
 * it at the harness's limit. It only reads: nothing here can write to the
 * vault, so a page that says "write to .obsidian/" is just text in the answer.
 */
export function extractRoutes(deps: ExtractRoutesDeps): Hono {
  const app = new Hono();
  app.post('/', async (c) => {
    const { url: raw } = await parseJsonBody(c, ExtractBodySchema);
    const url = HAS_SCHEME.test(raw) ? raw : `https://${raw}`;
    const page = await fetchPage(url, {
      ...FETCH_DEFAULTS,
      allowPrivate: deps.allowPrivate?.() ?? false,
      ...deps.fetchOptions,
    });
    // Loaded on first use: Readability, linkedom and turndown cost megabytes the idle server keeps.
    const { cutMarkdown, extractReadable } = await import('./extract-readable.ts');
    const readable = extractReadable(page.text, page.contentType, page.url);
    const limit = deps.harness.current().limits.extractChars;
    const { markdown, cut, cutChars } = cutMarkdown(readable.markdown, limit);
    const answer: ExtractAnswer = {
      url: page.url,
      title: readable.title,
      site: readable.site,
      byline: readable.byline,
      markdown,
      chars: markdown.length,
      cut,
      cutChars,
      contentType: page.contentType,
    };
    return c.json(answer);
  });
  return app;
}
