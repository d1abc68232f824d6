import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import type { NoteLink } from '../../common/api-schemas.ts';
import { noteKey, type ParsedWikilink, wikilinkAt } from '../../common/wikilinks.ts';
import { noteHash } from '../router/route.ts';

/** Words the rendered Markdown needs, already translated by the caller. */
export interface MarkdownLabels {
  /** Title of a wikilink to a note that does not exist. */
  missingNote: string;
  /** Visible text that replaces a remote image, given its URL. */
  remoteImage(url: string): string;
}

/** A marked token carrying the link as `common/wikilinks.ts` parses it (the server's parser). */
interface WikilinkToken extends Tokens.Generic {
  type: 'wikilink';
  raw: string;
  link: ParsedWikilink;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function linkKey(link: Pick<ParsedWikilink, 'target' | 'section' | 'alias'>): string {
  return noteKey(`${link.target}#${link.section ?? ''}|${link.alias ?? ''}`);
}

/** Finds the server's resolution of a wikilink, by its raw text first, then by its parts. */
function indexLinks(links: readonly NoteLink[]): (token: WikilinkToken) => NoteLink | undefined {
  const byRaw = new Map<string, NoteLink>();
  const byKey = new Map<string, NoteLink>();
  for (const link of links) {
    byRaw.set(link.raw, link);
    byKey.set(linkKey(link), link);
  }
  return (token) =>
    byRaw.get(token.raw) ??
    byRaw.get(token.raw.replace(/^!/, '')) ??
    byKey.get(linkKey(token.link));
}

function renderWikilink(token: WikilinkToken, link: NoteLink | undefined, labels: MarkdownLabels) {
  const { target, section, alias, embed } = token.link;
  const text = escapeHtml(alias ?? (section ? `${target} › ${section}` : target));
  const kind = embed ? 'wikilink wikilink-embed' : 'wikilink';
  if (!link?.resolved) {
    return `<a class="${kind} wikilink-missing" title="${escapeHtml(labels.missingNote)}">${text}</a>`;
  }
  return `<a class="${kind}" href="${escapeHtml(noteHash(link.resolved))}">${text}</a>`;
}

/** A marked extension that turns `[[nota]]`, `[[nota|alias]]`, `[[nota#sección]]` into anchors. */
export function wikilinkExtension(
  links: readonly NoteLink[],
  labels: MarkdownLabels,
): TokenizerAndRendererExtension {
  const find = indexLinks(links);
  return {
    name: 'wikilink',
    level: 'inline',
    start(src) {
      const at = src.indexOf('[[');
      if (at === -1) return undefined;
      return at > 0 && src[at - 1] === '!' ? at - 1 : at;
    },
    tokenizer(src) {
      const link = wikilinkAt(src);
      if (!link) return undefined;
      const token: WikilinkToken = { type: 'wikilink', raw: link.raw, link };
      return token;
    },
    renderer(token) {
      const wikilink = token as WikilinkToken;
      return renderWikilink(wikilink, find(wikilink), labels);
    },
  };
}

/**
 * The unsanitized step: Markdown (GFM) to HTML with wikilinks rewritten into
 * anchors. Raw HTML passes through; `renderMarkdown` sanitizes the result.
 */
export function markdownToHtml(
  markdown: string,
  links: readonly NoteLink[],
  labels: MarkdownLabels,
): string {
  const marked = new Marked({ gfm: true, extensions: [wikilinkExtension(links, labels)] });
  return marked.parse(markdown, { async: false });
}
