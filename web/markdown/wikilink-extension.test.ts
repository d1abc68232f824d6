import { describe, expect, it } from 'vitest';
import type { NoteLink } from '../../common/api-schemas.ts';
import { markdownToHtml, splitWikilink } from './wikilink-extension.ts';

const labels = {
  missingNote: 'La nota no existe',
  remoteImage: (url: string) => `[imagen remota bloqueada: ${url}]`,
};

function link(raw: string, resolved: string | null, embed = false): NoteLink {
  return { raw, resolved, embed, ...splitWikilink(raw.replace(/^!?\[\[|\]\]$/g, '')) };
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
    const links = [link('![[tesis]]', '03_Proyectos/tesis.md', true)];
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
});

describe('splitWikilink', () => {
  it('splits target, section and alias as Obsidian does', () => {
    expect(splitWikilink('nota#sec|alias')).toEqual({
      target: 'nota',
      section: 'sec',
      alias: 'alias',
    });
    expect(splitWikilink('nota')).toEqual({ target: 'nota', section: null, alias: null });
    expect(splitWikilink('nota\\|alias')).toEqual({
      target: 'nota',
      section: null,
      alias: 'alias',
    });
  });
});
