import { describe, expect, it } from 'vitest';
import { enActions } from './en-actions.ts';
import { es } from './es.ts';
import { esActions } from './es-actions.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('web/i18n action dictionaries', () => {
  it('have the same keys and placeholders in Spanish and English', () => {
    expect(Object.keys(enActions).sort()).toEqual(Object.keys(esActions).sort());
    for (const key of Object.keys(esActions) as (keyof typeof esActions)[]) {
      expect(placeholders(enActions[key]), key).toEqual(placeholders(esActions[key]));
    }
  });

  it('never reuse a key of the first-page dictionary (it would shadow the action word)', () => {
    expect(Object.keys(esActions).filter((k) => k in es)).toEqual([]);
  });
});
