import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { internalsOf, MINISEARCH_INTERNALS_VERSION } from './minisearch-internals.ts';

/** The installed minisearch's version (its package.json is not among its exports). */
function installedVersion(): string {
  const entry = createRequire(import.meta.url).resolve('minisearch');
  const manifest = join(dirname(entry), '..', '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const version = installedVersion();
const isMap = (v: unknown) => v instanceof Map;
const isNumber = (v: unknown) => typeof v === 'number';
const isFunction = (v: unknown) => typeof v === 'function';
const isRecord = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumbers = (v: unknown) => Array.isArray(v) && v.every(isNumber);

/** A tiny index with two documents, one removed, as the fast paths meet it. */
function tinyIndex() {
  const index = new MiniSearch<{ id: string; title: string; body: string }>({
    fields: ['title', 'body'],
    storeFields: ['title'],
  });
  index.addAll([
    { id: 'a', title: 'faro', body: 'el faro del puerto' },
    { id: 'b', title: 'puerto', body: 'barcos en el puerto' },
  ]);
  index.discard('b');
  return index;
}

/** Why a field is not as the adapter expects, in words an upgrade can act on. */
function broken(field: string): string {
  return (
    `minisearch ${version}: private field ${field} is missing or changed shape; ` +
    `web/search/index/minisearch-internals.ts was written against ${MINISEARCH_INTERNALS_VERSION}`
  );
}

describe('web/search/index/minisearch-internals', () => {
  it('finds every private field the adapter lists, with the shape it expects', () => {
    const m = internalsOf(tinyIndex());
    const fields: [string, unknown, (v: unknown) => boolean][] = [
      ['_index', m._index, isRecord],
      ['_index._tree', m._index._tree, isMap],
      ['_index.get', m._index.get, isFunction],
      ['_index.fetch', m._index.fetch, isFunction],
      ['_index.set', m._index.set, isFunction],
      ['_index.fuzzyGet', m._index.fuzzyGet, isFunction],
      ['_index.atPrefix', m._index.atPrefix, isFunction],
      ['_index.values', m._index.values, isFunction],
      ['_options.fields', m._options.fields, (v) => Array.isArray(v) && v.length === 2],
      ['_options.tokenize', m._options.tokenize, isFunction],
      ['_options.processTerm', m._options.processTerm, isFunction],
      ['_options.extractField', m._options.extractField, isFunction],
      ['_options.stringifyField', m._options.stringifyField, isFunction],
      ['_options.idField', m._options.idField, (v) => v === 'id'],
      ['_options.storeFields', m._options.storeFields, (v) => Array.isArray(v)],
      [
        '_options.searchOptions.bm25',
        m._options.searchOptions.bm25,
        (v) => isRecord(v) && ['k', 'b', 'd'].every((k) => isNumber((v as never)[k])),
      ],
      ['_options.searchOptions.maxFuzzy', m._options.searchOptions.maxFuzzy, isNumber],
      ['_fieldIds', m._fieldIds, (v) => isRecord(v) && isNumber(m._fieldIds.title)],
      ['_avgFieldLength', m._avgFieldLength, isNumbers],
      [
        '_fieldLength',
        m._fieldLength,
        (v) => isMap(v) && [...(v as Map<unknown, unknown>).values()].every(isNumbers),
      ],
      ['_storedFields', m._storedFields, isMap],
      ['_documentIds', m._documentIds, isMap],
      ['_idToShortId', m._idToShortId, isMap],
      ['_documentCount', m._documentCount, (v) => v === 1],
      ['_nextId', m._nextId, (v) => v === 2],
      ['_dirtCount', m._dirtCount, (v) => v === 1],
      ['addTerm', m.addTerm, isFunction],
      ['removeTerm', m.removeTerm, isFunction],
      ['addDocumentId', m.addDocumentId, isFunction],
      ['saveStoredFields', m.saveStoredFields, isFunction],
      ['addFieldLength', m.addFieldLength, isFunction],
    ];
    for (const [field, value, holds] of fields) expect(holds(value), broken(field)).toBe(true);
  });

  it('holds a term as field id → short id → frequency, under the tree’s empty key', () => {
    const m = internalsOf(tinyIndex());
    const shortId = m._idToShortId.get('a');
    expect(shortId, broken('_idToShortId')).toBe(0);
    expect(m._documentIds.get(0), broken('_documentIds')).toBe('a');
    expect(m._storedFields.get(0), broken('_storedFields')).toEqual({ title: 'faro' });
    const faro = m._index.get('faro');
    expect(faro, broken('_index.get')).toEqual(
      new Map([
        [m._fieldIds.title, new Map([[0, 1]])],
        [m._fieldIds.body, new Map([[0, 1]])],
      ]),
    );
    const f = m._index._tree.get('faro') ?? m._index._tree.get('f');
    expect(f instanceof Map, broken('_index._tree (a radix tree of Maps)')).toBe(true);
    expect([...m._index.atPrefix('pue').keys()], broken('_index.atPrefix')).toEqual(['puerto']);
    expect([...m._index.fuzzyGet('fara', 1).keys()], broken('_index.fuzzyGet')).toEqual(['faro']);
  });

  it('files every occurrence through the instance’s addTerm, which the fast adds replace', () => {
    const index = new MiniSearch<{ id: string; body: string }>({ fields: ['body'] });
    const m = internalsOf(index);
    const filed: string[] = [];
    const own = m.addTerm.bind(index);
    m.addTerm = (fieldId, documentId, term) => {
      filed.push(term);
      own(fieldId, documentId, term);
    };
    index.add({ id: 'a', body: 'faro faro puerto' });
    expect(filed, broken('addTerm (no longer called by add)')).toEqual(['faro', 'faro', 'puerto']);
    expect(index.search('faro').map((r) => r.id)).toEqual(['a']);
  });
});
