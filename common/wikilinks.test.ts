import { describe, expect, it } from 'vitest';
import { LinkIndex, noteKey, noteName, parseWikilinks, wikilinkAt } from './wikilinks.ts';

const pick = (md: string) =>
  parseWikilinks(md).map(({ target, section, alias, embed }) => ({
    target,
    section,
    alias,
    embed,
  }));

describe('wikilinks', () => {
  it('parses every Obsidian link form', () => {
    const md =
      '[[nota]] [[nota|alias]] [[nota#sección]] [[nota#sec|alias]] [[carpeta/nota]] [[nota.md]] ![[foto]]';
    expect(pick(md)).toEqual([
      { target: 'nota', section: null, alias: null, embed: false },
      { target: 'nota', section: null, alias: 'alias', embed: false },
      { target: 'nota', section: 'sección', alias: null, embed: false },
      { target: 'nota', section: 'sec', alias: 'alias', embed: false },
      { target: 'carpeta/nota', section: null, alias: null, embed: false },
      { target: 'nota', section: null, alias: null, embed: false },
      { target: 'foto', section: null, alias: null, embed: true },
    ]);
  });

  it('reports raw text and offsets that slice back to the link', () => {
    const md = 'Ver ![[ una nota.md#parte|texto ]] hoy';
    const [link] = parseWikilinks(md);
    expect(link?.raw).toBe('![[ una nota.md#parte|texto ]]');
    expect(md.slice(link!.start, link!.end)).toBe(link!.raw);
    expect(link?.target).toBe('una nota');
  });

  it('skips links inside fenced code blocks and inline code spans', () => {
    const md = [
      '[[antes]]',
      '```js',
      '[[dentro]]',
      '```',
      'texto `[[en línea]]` y ``[[doble ` tilde]]`` y [[después]]',
      '~~~',
      '[[tilde]]',
      '~~~',
      '[[final]]',
    ].join('\n');
    expect(pick(md).map((l) => l.target)).toEqual(['antes', 'después', 'final']);
  });

  it('treats an unclosed fence as code to the end of the document', () => {
    expect(pick('[[sí]]\n```\n[[no]]\n')).toHaveLength(1);
  });

  it('keeps links after an unmatched backtick', () => {
    expect(pick('un ` suelto [[nota]]').map((l) => l.target)).toEqual(['nota']);
  });

  it('normalizes targets to NFC and drops the table escape before the bar', () => {
    const [link] = parseWikilinks('| [[04_Suen\u0303os\\|sueños]] |');
    expect(link?.target).toBe('04_Sueños');
    expect(link?.alias).toBe('sueños');
  });

  it('splits at the first bar and the first hash, and reads the table escape', () => {
    expect(pick('[[nota#sec|alias]] [[nota\\|alias]] [[a#b#c|d|e]]')).toEqual([
      { target: 'nota', section: 'sec', alias: 'alias', embed: false },
      { target: 'nota', section: null, alias: 'alias', embed: false },
      { target: 'a', section: 'b#c', alias: 'd|e', embed: false },
    ]);
  });

  it('reads an empty alias or section as none, so the name is shown', () => {
    expect(pick('[[nota|]] [[nota| ]] [[nota#]] [[nota#|]]')).toEqual(
      Array(4).fill({ target: 'nota', section: null, alias: null, embed: false }),
    );
  });

  it('reads the link at a position as parseWikilinks does, or null when none starts there', () => {
    const md = 'x ![[Suen\u0303o.md#Parte|alias]] y';
    expect(wikilinkAt(md, 2)).toEqual(parseWikilinks(md)[0]);
    expect(wikilinkAt(md, 2)?.target).toBe('Sueño');
    expect(wikilinkAt(md, 0)).toBeNull();
    expect(wikilinkAt(md, 3)?.embed).toBe(false);
    expect(wikilinkAt('[[a]]')?.end).toBe(5);
  });

  it('derives note names and comparison keys', () => {
    expect(noteName('a/b/Mi Nota.MD')).toBe('Mi Nota');
    expect(noteName('Suen\u0303o.md')).toBe('Sueño');
    expect(noteKey('SUEN\u0303O')).toBe(noteKey('sueño'));
  });
});

describe('LinkIndex', () => {
  it('resolves by name case-insensitively and in NFC', () => {
    const index = new LinkIndex(['04_Sueños/Vuelo.md', '00_Entrada/Bienvenida.md']);
    expect(index.resolve('vuelo')).toBe('04_Sueños/Vuelo.md');
    expect(index.resolve('BIENVENIDA.md')).toBe('00_Entrada/Bienvenida.md');
    expect(index.resolve('04_Suen\u0303os/vuelo')).toBe('04_Sueños/Vuelo.md');
    expect(index.resolve('nada')).toBeNull();
  });

  it('picks the shortest path when names collide, deterministically', () => {
    const index = new LinkIndex(['b/x/Idea.md', 'zz/Idea.md', 'aa/Idea.md', 'c/d/e/Idea.md']);
    expect(index.resolve('Idea')).toBe('aa/Idea.md');
    index.add('Idea.md');
    expect(index.resolve('idea')).toBe('Idea.md');
    const longer = new LinkIndex(['abc/Idea.md', 'ab/Idea.md']);
    expect(longer.resolve('Idea')).toBe('ab/Idea.md');
  });

  it('matches a target with a folder against the end of the path only', () => {
    const index = new LinkIndex(['Idea.md', 'p/x/Idea.md', 'q/Idea.md', 'px/Idea.md']);
    expect(index.resolve('x/Idea')).toBe('p/x/Idea.md');
    expect(index.resolve('q/idea.md')).toBe('q/Idea.md');
    expect(index.resolve('y/Idea')).toBeNull();
  });

  it('forgets removed notes', () => {
    const index = new LinkIndex(['a/Idea.md', 'b/c/Idea.md']);
    index.remove('a/Idea.md');
    expect(index.resolve('Idea')).toBe('b/c/Idea.md');
    index.remove('b/c/Idea.md');
    expect(index.resolve('Idea')).toBeNull();
  });
});
