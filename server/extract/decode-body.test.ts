import { describe, expect, it } from 'vitest';
import { LATIN1_META, latin1Page } from '../../testing/server/fixture-server.ts';
import { decodeBody, headerCharset, metaCharset } from './decode-body.ts';

const latin1 = latin1Page(LATIN1_META);

describe('server/extract/decode-body', () => {
  it('decodes with the charset of the Content-Type header', () => {
    const bytes = Buffer.from('¿Año? ñandú', 'latin1');
    const { text, charset } = decodeBody(bytes, 'text/plain; charset="ISO-8859-1"', false);
    expect(text).toBe('¿Año? ñandú');
    expect(charset).toBe('windows-1252');
  });

  it('falls back to a <meta http-equiv> charset in an HTML page', () => {
    expect(metaCharset(latin1)).toBe('iso-8859-1');
    expect(decodeBody(latin1, 'text/html', true).text).toContain('señora Peñalver');
  });

  it('reads <meta charset> and ignores it outside HTML', () => {
    const bytes = Buffer.from('<meta charset="windows-1252"><p>caf\xe9</p>', 'latin1');
    expect(decodeBody(bytes, null, true).text).toContain('café');
    expect(decodeBody(bytes, null, false).charset).toBe('utf-8');
  });

  it('lets a byte-order mark win over a wrong header, and drops it', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('señal')]);
    expect(decodeBody(bytes, 'text/html; charset=windows-1252', true).text).toBe('señal');
  });

  it('uses UTF-8 when the declared charset is unknown', () => {
    expect(headerCharset('text/html; charset=klingon')).toBe('klingon');
    expect(decodeBody(Buffer.from('niño'), 'text/html; charset=klingon', true).text).toBe('niño');
  });
});
