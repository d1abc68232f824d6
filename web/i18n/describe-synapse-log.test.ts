import { describe, expect, it } from 'vitest';
import { SYNAPSE_MISSING } from '../../common/synapse-line.ts';
import { describeSynapseLog } from './describe-synapse-log.ts';
import { en } from './en.ts';
import type { MessageKey } from './es.ts';
import { es } from './es.ts';
import { type MessageParams, translate } from './translate.ts';

const words = (messages: typeof es | typeof en) => (key: MessageKey, params?: MessageParams) =>
  translate(messages, key, params);

const missing = `2026-12-05T01:00:00.000Z | Portátil (s1) | [[Faro]] | ${SYNAPSE_MISSING} | Un [[Faro]] en la niebla.`;
const found =
  '2026-12-05T01:00:01.000Z | Portátil (s1) | [[Paseo]] | 01_Caracter/Paseo.md | El [[Paseo]] (no existe) | x';

describe('web/i18n/describe-synapse-log', () => {
  it('words the missing-note marker in English', () => {
    expect(describeSynapseLog(missing, words(en))).toBe(
      '2026-12-05T01:00:00.000Z | Portátil (s1) | [[Faro]] | (did not exist) | Un [[Faro]] en la niebla.',
    );
  });

  it('keeps the marker as written in Spanish', () => {
    expect(describeSynapseLog(missing, words(es))).toBe(missing);
  });

  it('words every line of a diff and leaves resolved links and excerpts alone', () => {
    const diff = `@@ -1 +1,2 @@\n ${found}\n+${missing}`;
    const shown = describeSynapseLog(diff, words(en));
    expect(shown.split('\n')).toEqual([
      '@@ -1 +1,2 @@',
      ` ${found}`,
      `+${missing.replace(SYNAPSE_MISSING, '(did not exist)')}`,
    ]);
  });

  it('leaves text that is not a synapse line as it is', () => {
    expect(describeSynapseLog('Una nota | (no existe) | nada', words(en))).toBe(
      'Una nota | (no existe) | nada',
    );
  });
});
