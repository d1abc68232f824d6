import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { isHtml } from './page-type.ts';

/**
 * The readable part of a page as Markdown: Readability over linkedom's DOM
 * finds the article (navigation, ads, footers and scripts go), turndown
 * writes it with headings, lists, absolute links and fenced code. Heavy
 * modules: the route imports this file lazily, never at start-up.
 * Tables come out as their cells' text (turndown's core has no table rule).
 */

export interface Readable {
  title: string;
  /** og:site_name, else the host. */
  site: string;
  byline: string | null;
  markdown: string;
}

/** Elements whose content never belongs in the text handed to the model. */
const DROPPED = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'img',
  'picture',
  'video',
  'audio',
  'button',
  'input',
  'select',
  'textarea',
] as const;

/** Extracts a page: HTML through Readability, plain text and Markdown as they are. */
export function extractReadable(text: string, contentType: string, pageUrl: string): Readable {
  const host = new URL(pageUrl).hostname;
  if (isHtml(contentType)) {
    return fromHtml(text, pageUrl, host);
  }
  const markdown = text.replace(/\r\n?/g, '\n').trim();
  const heading = contentType === 'text/plain' ? null : /^#\s+(.+)$/m.exec(markdown)?.[1];
  const file = decodeURIComponent(new URL(pageUrl).pathname.split('/').pop() ?? '');
  return { title: heading?.trim() || file || host, site: host, byline: null, markdown };
}

function fromHtml(html: string, pageUrl: string, host: string): Readable {
  const { document } = parseHTML(html);
  // A page's <base href> may itself be relative; resolve it against where the page came from.
  const base =
    safeUrl(document.querySelector('base')?.getAttribute('href') ?? '', pageUrl) ?? pageUrl;
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  for (const el of document.querySelectorAll(DROPPED.join(','))) el.remove();
  // keepClasses keeps `language-…` on <code>, which turndown turns into the fence's language.
  // The serializer hands back the DOM node itself: turndown then walks it instead of
  // parsing the article's HTML a second time, which was a large share of a big page's time.
  const article = new Readability<Node>(document as unknown as Document, {
    keepClasses: true,
    serializer: (node) => node,
  }).parse();
  const content = article?.content ?? (document.body as unknown as Node | null);
  const markdown = content ? toMarkdown(content as HTMLElement, base) : '';
  return {
    title: article?.title?.trim() || pageTitle || host,
    site: article?.siteName?.trim() || host,
    byline: article?.byline?.trim() || null,
    markdown,
  };
}

function toMarkdown(root: HTMLElement, base: string): string {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    hr: '---',
    emDelimiter: '*',
  });
  turndown.addRule('absoluteLinks', {
    filter: (node) => node.nodeName === 'A' && node.getAttribute('href') !== null,
    replacement: (text, node) => {
      const href = safeUrl((node as HTMLElement).getAttribute('href') ?? '', base);
      const label = text.trim();
      // Only web links survive: javascript:, data: and mail links become their text.
      if (!href || !/^https?:/.test(href) || !label) return text;
      return `[${label}](${href.replace(/[()]/g, (c) => encodeURIComponent(c))})`;
    },
  });
  return turndown
    .turndown(root)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function safeUrl(href: string, base: string): string | null {
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** Characters kept in a cut text are never less than this share of the limit when looking for a line end. */
const CUT_AT_LINE_SHARE = 0.8;

/**
 * Cuts Markdown at `limit` characters, preferably at a line end, and appends
 * a visible note saying how much was left out, so neither the user nor the
 * model mistakes a cut page for a whole one.
 */
export function cutMarkdown(
  markdown: string,
  limit: number,
): { markdown: string; cut: boolean; cutChars: number } {
  if (markdown.length <= limit) return { markdown, cut: false, cutChars: 0 };
  let end = limit;
  const lineEnd = markdown.lastIndexOf('\n', limit);
  if (lineEnd >= limit * CUT_AT_LINE_SHARE) end = lineEnd;
  // Never split a surrogate pair (an emoji would turn into a broken character).
  const code = markdown.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  const cutChars = markdown.length - end;
  const note = `\n\n[… Texto recortado por SOMA: se omitieron ${cutChars.toLocaleString('es-ES')} caracteres de ${markdown.length.toLocaleString('es-ES')} (límite del arnés: ${limit.toLocaleString('es-ES')}). …]`;
  return { markdown: `${markdown.slice(0, end).trimEnd()}${note}`, cut: true, cutChars };
}
