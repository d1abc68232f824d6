import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { speedUpAdds } from './fast-add-term.ts';

interface Doc {
  id: string;
  text: string;
  title: string;
}
const options = { fields: ['title', 'text'], storeFields: ['title'] };

const docs: Doc[] = [
  { id: 'a', title: 'faro', text: 'un faro en la niebla, la niebla del faro' },
  { id: 'b', title: 'niebla', text: 'la niebla y el mar' },
  { id: 'c', title: 'mar', text: 'el mar, el mar, el faro' },
];

/** Adds, removes (vacuuming the emptied terms away) and adds again, as a vault's edits do. */
async function edit(index: MiniSearch<Doc>): Promise<string> {
  index.addAll(docs);
  index.remove(docs[0]!);
  index.discard('b');
  await index.vacuum();
  index.add({ id: 'd', title: 'faro', text: 'niebla nueva sobre el faro' });
  index.add({ id: 'b', title: 'otra', text: 'otra niebla' });
  index.replace({ id: 'c', title: 'mar', text: 'solo mar' });
  await index.vacuum();
  index.add({ id: 'e', title: 'del', text: 'un faro del mar' });
  return JSON.stringify(index);
}

describe('web/search/index/fast-add-term', () => {
  it('builds exactly the index minisearch builds, through removals and re-adds', async () => {
    const plain = new MiniSearch<Doc>(options);
    const fast = new MiniSearch<Doc>(options);
    speedUpAdds(fast);
    expect(await edit(fast)).toBe(await edit(plain));
    expect(fast.search('faro').map((r) => r.id)).toEqual(plain.search('faro').map((r) => r.id));
  });

  it('starts over when minisearch replaces its term tree (removeAll)', () => {
    const plain = new MiniSearch<Doc>(options);
    const fast = new MiniSearch<Doc>(options);
    speedUpAdds(fast);
    for (const index of [plain, fast]) {
      index.addAll(docs);
      index.removeAll();
      index.addAll(docs.slice(1));
    }
    expect(JSON.stringify(fast)).toBe(JSON.stringify(plain));
  });
});
