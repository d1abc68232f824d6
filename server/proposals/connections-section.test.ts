import { describe, expect, it } from 'vitest';
import { withConnection } from './connections-section.ts';

describe('withConnection', () => {
  it('creates a «## Conexiones» section at the end when the note has none', () => {
    expect(withConnection('# A\n\nTexto.\n\n', 'B')).toBe(
      '# A\n\nTexto.\n\n## Conexiones\n\n- [[B]]\n',
    );
  });

  it('appends under the existing section, before the next heading of its level', () => {
    const note = '# A\n\n## Conexiones\n\n- [[C]]\n\n## Notas\n\nMás.\n';
    expect(withConnection(note, 'B')).toBe(
      '# A\n\n## Conexiones\n\n- [[C]]\n- [[B]]\n\n## Notas\n\nMás.\n',
    );
  });

  it('finds the heading whatever its case or accents, and fills an empty section', () => {
    expect(withConnection('### CONEXIÓNES\n', 'B')).toBe('### CONEXIÓNES\n\n- [[B]]\n');
  });

  it('proposes nothing when the section already links to that note in any form', () => {
    expect(withConnection('## Conexiones\n\n- [[b|la nota B]]\n', 'B')).toBeNull();
    expect(withConnection('## Conexiones\n- [[B#Uso]]\n', 'B')).toBeNull();
  });

  it('still adds the link when it only appears outside the section', () => {
    expect(withConnection('Ver [[B]].\n\n## Conexiones\n\n- [[C]]\n', 'B')).toBe(
      'Ver [[B]].\n\n## Conexiones\n\n- [[C]]\n- [[B]]\n',
    );
  });
});
