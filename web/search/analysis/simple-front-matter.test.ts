import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../../../common/front-matter.ts';
import { splitSimpleFrontMatter } from './simple-front-matter.ts';

const blocks = [
  'tags: [viaje, perú]',
  'tags: [viaje]\naliases: [Lima, lima-centro]\ndescription: resumen',
  'tags: []',
  'tags: [ a , b ]',
  'tag: sueño',
  'tags: [true, viaje]',
  'tags: [Null]',
  'publicado: yes',
  'tags: [2024, viaje]',
  'tags: [a b, c]',
  'tags: [a, ]',
  'tags: [a,,b]',
  'tags: [#a, b]',
  'tags: a # comentario',
  'tags: [a]\ntags: [b]',
  'tags:\n  - a\n  - b',
  'description: "con comillas"',
  'description: dos palabras',
  'clave:',
  'clave: [a, [b]]',
  'tags: [a]\r',
  '',
  'constructor: a',
  'a-b_c: x-y_z',
];

describe('web/search/analysis/simple-front-matter', () => {
  it.each(blocks)('reads %j as the YAML parser does', (yaml) => {
    const note = `---\n${yaml}\n---\n# Nota\n\nTexto #etiqueta.`;
    expect(splitSimpleFrontMatter(note)).toEqual(splitFrontMatter(note));
  });

  it('leaves a note without a block whole', () => {
    expect(splitSimpleFrontMatter('# Nota\n\nTexto')).toEqual(splitFrontMatter('# Nota\n\nTexto'));
  });
});
