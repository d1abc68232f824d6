import { describe, expect, it } from 'vitest';
import { chipsToRequest, mergeChips } from './chips.ts';

describe('web/chat/chips', () => {
  it('turns chips into attachments and the recall flag, skipping duplicates', () => {
    const chips = mergeChips(
      [],
      [
        { kind: 'note', path: 'a.md' },
        { kind: 'note', path: 'a.md' },
        { kind: 'recall', path: 'c.md' },
        { kind: 'search', query: 'q', paths: ['b.md'] },
      ],
    );
    expect(chips).toHaveLength(3);
    expect(chipsToRequest(chips)).toEqual({
      attachments: [
        { kind: 'note', path: 'a.md' },
        { kind: 'search', query: 'q', paths: ['b.md'] },
      ],
      recall: true,
    });
  });
});
