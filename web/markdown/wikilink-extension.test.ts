import { describe, expect, it } from 'vitest';
import type { NoteLink } from '../../common/api-schemas.ts';
import { parseWikilinks } from '../../common/wikilinks.ts';
import { markdownToHtml } from './wikilink-extension.ts';

const labels = {
  missingNote: 'La nota no existe',
  remoteImage: (url: string) => `[imagen remota bloqueada: ${url}]`,
};

/** The server's entry for `raw`: parsed by the same shared parser, as the server does. */
function link(raw: string, resolved: string | null): NoteLink {
  const [parsed] = parseWikilinks(raw);
  if (!parsed) throw new Error(`not a wikilink: ${raw}`);
  const { target, section, alias, embed } = parsed;
  return { raw, target, section, alias, embed, resolved };
}

describe('wikilink-extension', () => {
  it('turns a resolved [[nota]] into a link to its vault path', () => {
    const html = markdownToHtml(
      'Ver [[tesis]].',
      [link('[[tesis]]', '03_Proyectos/tesis.md')],
      labels,
    );
    expect(html).toContain('<a class="wikilink" href="#/nota/03_Proyectos/tesis.md">tesis</a>');
  });

  it('shows the alias of [[nota|alias]] as the link text', () => {
    const links = [link('[[tesis|mi tesis]]', '03_Proyectos/tesis.md')];
    const html = markdownToHtml('[[tesis|mi tesis]]', links, labels);
    expect(html).toContain('href="#/nota/03_Proyectos/tesis.md">mi tesis</a>');
  });

  it('links [[nota#sección]] to the note and names the section', () => {
    const links = [link('[[tesis#Método]]', '03_Proyectos/tesis.md')];
    const html = markdownToHtml('[[tesis#Método]]', links, labels);
    expect(html).toContain('href="#/nota/03_Proyectos/tesis.md">tesis › Método</a>');
  });

  it('encodes spaces and accents of the resolved path in the href', () => {
    const links = [link('[[mi sueño]]', '04_Sueños/mi sueño.md')];
    const html = markdownToHtml('[[mi sueño]]', links, labels);
    expect(html).toContain('href="#/nota/04_Sue%C3%B1os/mi%20sue%C3%B1o.md"');
  });

  it('marks an unresolved link as missing and gives it no href', () => {
    const html = markdownToHtml('[[fantasma]]', [link('[[fantasma]]', null)], labels);
    expect(html).toContain(
      '<a class="wikilink wikilink-missing" title="La nota no existe">fantasma</a>',
    );
    expect(html).not.toContain('href');
  });

  it('treats a link the server did not list as missing', () => {
    const html = markdownToHtml('[[desconocida]]', [], labels);
    expect(html).toContain('wikilink-missing');
  });

  it('escapes HTML in link text instead of letting it through', () => {
    const html = markdownToHtml('[[<img src=x onerror=alert(1)>]]', [], labels);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('leaves wikilinks inside code untouched', () => {
    const html = markdownToHtml('`[[tesis]]`\n\n```\n[[tesis]]\n```', [], labels);
    expect(html).not.toContain('wikilink');
    expect(html).toContain('<code>[[tesis]]</code>');
  });

  it('renders an embed ![[nota]] as a link marked as embed', () => {
    const links = [link('![[tesis]]', '03_Proyectos/tesis.md')];
    const html = markdownToHtml('![[tesis]]', links, labels);
    expect(html).toContain('class="wikilink wikilink-embed" href="#/nota/03_Proyectos/tesis.md"');
  });

  it('finds the server link when its raw text omits the embed mark', () => {
    const links = [link('[[tesis]]', '03_Proyectos/tesis.md')];
    expect(markdownToHtml('![[tesis]]', links, labels)).toContain(
      'href="#/nota/03_Proyectos/tesis.md"',
    );
  });

  it('renders several wikilinks in one paragraph with ordinary Markdown around them', () => {
    const links = [link('[[a]]', 'a.md'), link('[[b]]', null)];
    const html = markdownToHtml('**[[a]]** y _[[b]]_', links, labels);
    expect(html).toContain('<strong><a class="wikilink" href="#/nota/a.md">a</a></strong>');
    expect(html).toContain('<em><a class="wikilink wikilink-missing"');
  });

  // The renderer used to read links with a parser of its own that disagreed with the
  // server's on these three; now both read them with common/wikilinks.ts.
  it('names [[nota.md]] without its .md, as the server resolves it', () => {
    const html = markdownToHtml('[[tesis.md]]', [link('[[tesis.md]]', 't/tesis.md')], labels);
    expect(html).toContain('href="#/nota/t/tesis.md">tesis</a>');
  });

  it('shows a decomposed name (n + combining tilde) in NFC and finds its server link', () => {
    const nfd = '[[Suen\u0303o|mi suen\u0303o]]';
    const html = markdownToHtml(`ver ${nfd}`, [link('[[Sueño|mi sueño]]', '04/Sueño.md')], labels);
    expect(html).toContain('href="#/nota/04/Sue%C3%B1o.md">mi sueño</a>');
  });

  it('shows the name for an empty alias [[nota|]] and finds the server link by its parts', () => {
    const html = markdownToHtml('![[tesis| ]]', [link('[[tesis|]]', 't/tesis.md')], labels);
    expect(html).toContain('href="#/nota/t/tesis.md">tesis</a>');
  });
});
