import { describe, expect, it } from 'vitest';
import { parseShare } from './parse-share.ts';

describe('web/app/parse-share', () => {
  it('turns shared text (with its title) into text to attach', () => {
    expect(parseShare('?title=Idea&text=Una+nota+suelta')).toEqual({
      text: 'Idea\nUna nota suelta',
      url: '',
    });
  });

  it('keeps a shared link apart, also when an app sends it as bare text', () => {
    expect(parseShare('?url=https%3A%2F%2Fes.wikipedia.org%2Fwiki%2FFaro')).toEqual({
      text: '',
      url: 'https://es.wikipedia.org/wiki/Faro',
    });
    expect(parseShare('?text=https%3A%2F%2Fa.example%2Fx')).toEqual({
      text: '',
      url: 'https://a.example/x',
    });
  });

  it('finds nothing in an empty share', () => {
    expect(parseShare('')).toBeNull();
    expect(parseShare('?title=&text=+')).toBeNull();
  });
});
