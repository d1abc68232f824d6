import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import type { NoteLink } from '../../common/api-schemas.ts';
import { type MarkdownLabels, markdownToHtml } from './wikilink-extension.ts';

export type { MarkdownLabels } from './wikilink-extension.ts';

/** Any URL that would reach another host: `http://`, `https://`, `//host`, or any scheme with an authority. */
const REMOTE_URL = /^\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i;
const BLOCKED_SRC_ATTR = 'data-soma-remote-src';

/** Tags a note has no business rendering: active content, forms, embedded documents, remote media. */
const FORBID_TAGS = [
  'style',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'video',
  'audio',
  'source',
  'track',
  'picture',
];
const FORBID_ATTR = ['style', 'srcset', 'background', 'poster', 'formaction', 'ping'];

let purifier: Purifier | null = null;

/**
 * A DOMPurify instance of our own, so its hooks never touch other users of the
 * library. Its hooks run in DOMPurify's inert document, where nothing loads.
 */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && !href.startsWith('#')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (node.tagName === 'IMG') {
      // Raw HTML images often lack alt; an empty one at least keeps screen readers from reading the URL.
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      const src = node.getAttribute('src');
      if (src && REMOTE_URL.test(src)) {
        // Never let a remote src out of the sanitizer, even for a moment: it would beacon out.
        node.removeAttribute('src');
        node.setAttribute(BLOCKED_SRC_ATTR, src);
      }
    }
  });
  // Set once: a config passed to each sanitize() is parsed again every time (its tag and
  // attribute sets rebuilt), which was most of a short note's sanitizing.
  instance.setConfig({
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
  });
  purifier = instance;
  return instance;
}

/** Swaps each blocked remote image for a visible link to it, in an inert document. */
function replaceBlockedImages(html: string, labels: MarkdownLabels): string {
  if (!html.includes(BLOCKED_SRC_ATTR)) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const img of doc.querySelectorAll(`img[${BLOCKED_SRC_ATTR}]`)) {
    const url = img.getAttribute(BLOCKED_SRC_ATTR) ?? '';
    const placeholder = doc.createElement('a');
    placeholder.className = 'remote-image-blocked';
    placeholder.textContent = labels.remoteImage(url);
    if (/^\s*https?:\/\//i.test(url)) {
      placeholder.setAttribute('href', url.trim());
      placeholder.setAttribute('target', '_blank');
      placeholder.setAttribute('rel', 'noopener noreferrer');
    }
    img.replaceWith(placeholder);
  }
  return doc.body.innerHTML;
}

/**
 * Renders a note's Markdown to sanitized HTML: wikilinks become `#/nota/...`
 * anchors (or `wikilink-missing` when unresolved), scripts, event handlers,
 * `javascript:` URLs, frames and styles are removed, remote images are replaced
 * by a visible link, and external links open in a new tab without a referrer.
 * Needs a DOM (the browser's).
 */
export function renderMarkdown(
  markdown: string,
  links: readonly NoteLink[],
  labels: MarkdownLabels,
): string {
  const raw = markdownToHtml(markdown, links, labels);
  const clean = getPurifier().sanitize(raw);
  return replaceBlockedImages(clean, labels);
}
