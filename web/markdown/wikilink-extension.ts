import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import type { NoteLink } from '../../common/api-schemas.ts';
import { noteHash } from '../app/route.ts';

/** Words the rendered Markdown needs, already translated by the caller. */
export interface MarkdownLabels {
  /** Title of a wikilink to a note that does not exist. */
  missingNote: string;
  /** Visible text that replaces a remote image, given its URL. */
  remoteImage(url: string): string;
}

interface WikilinkToken extends Tokens.Generic {
  type: 'wikilink';
  raw: string;
  target: string;
  section: string | null;
  alias: string | null;
  embed: boolean;
}

const WIKILINK = /^(!?)\[\[([^[\]\n]+?)\]\]/;

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

function linkKey(target: string, section: string | null, alias: string | null): string {
  return `${target}#${section ?? ''}|${alias ?? ''}`.normalize('NFC').toLowerCase();
}

/** Splits `nota#sección|alias` as Obsidian does: alias after the first `|`, section after the first `#`. */
export function splitWikilink(inner: string): Pick<WikilinkToken, 'target' | 'section' | 'alias'> {
  // Inside tables Obsidian writes the alias pipe escaped: [[nota\|alias]].
  const text = inner.replace(/\\\|/g, '|');
  const pipe = text.indexOf('|');
  const ref = pipe === -1 ? text : text.slice(0, pipe);
  const alias = pipe === -1 ? null : text.slice(pipe + 1).trim() || null;
  const hash = ref.indexOf('#');
  const target = (hash === -1 ? ref : ref.slice(0, hash)).trim();
  const section = hash === -1 ? null : ref.slice(hash + 1).trim() || null;
  return { target, section, alias };
}

/** Finds the server's resolution of a wikilink, by its raw text first, then by its parts. */
function indexLinks(links: readonly NoteLink[]): (token: WikilinkToken) => NoteLink | undefined {
  const byRaw = new Map<string, NoteLink>();
  const byKey = new Map<string, NoteLink>();
  for (const link of links) {
    byRaw.set(link.raw, link);
    byKey.set(linkKey(link.target, link.section, link.alias), link);
  }
  return (token) =>
    byRaw.get(token.raw) ??
    byRaw.get(token.raw.replace(/^!/, '')) ??
    byKey.get(linkKey(token.target, token.section, token.alias));
}

function renderWikilink(token: WikilinkToken, link: NoteLink | undefined, labels: MarkdownLabels) {
  const text = escapeHtml(
    token.alias ?? (token.section ? `${token.target} › ${token.section}` : token.target),
  );
  const kind = token.embed ? 'wikilink wikilink-embed' : 'wikilink';
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
      const match = WIKILINK.exec(src);
      if (!match) return undefined;
      const token: WikilinkToken = {
        type: 'wikilink',
        raw: match[0],
        embed: match[1] === '!',
        ...splitWikilink(match[2] ?? ''),
      };
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
