import { describe, expect, it } from 'vitest';
import type { Words } from '../i18n/describe-notice.ts';
import { en } from '../i18n/en.ts';
import { es, type Messages } from '../i18n/es.ts';
import { translate } from '../i18n/translate.ts';
import { deviceName } from './device-name.ts';

const words =
  (messages: Messages): Words =>
  (key, params) =>
    translate(messages, key, params);

describe('deviceName', () => {
  it('words an automatic name in the reader language', () => {
    const session = {
      label: 'Chromium en Linux',
      device: { code: 'browser_on_system', params: { browser: 'Chromium', system: 'Linux' } },
    } as const;
    expect(deviceName(session, words(es))).toBe('Chromium en Linux');
    expect(deviceName(session, words(en))).toBe('Chromium on Linux');
    const cli = { label: 'Terminal (soma)', device: { code: 'terminal', params: {} } } as const;
    expect(deviceName(cli, words(en))).toBe('Terminal (soma)');
    const phone = { label: 'Móvil', device: { code: 'phone', params: {} } } as const;
    expect(deviceName(phone, words(en))).toBe('Phone');
    const unknown = {
      label: 'Navegador desconocido',
      device: { code: 'unknown', params: {} },
    } as const;
    expect(deviceName(unknown, words(en))).toBe('Unknown browser');
  });

  it('keeps a name the person chose as written', () => {
    expect(deviceName({ label: 'Mi móvil' }, words(en))).toBe('Mi móvil');
  });
});
