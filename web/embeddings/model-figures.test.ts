import { describe, expect, it } from 'vitest';
import { type ModelProblem, modelProblemCodes } from '../../common/embedding-schemas.ts';
import { embedEn } from '../i18n/embed-en.ts';
import { embedEs } from '../i18n/embed-es.ts';
import { en } from '../i18n/en.ts';
import { es, type MessageKey } from '../i18n/es.ts';
import { type MessageParams, translate } from '../i18n/translate.ts';
import { describeModelProblem, formatDuration, formatSize } from './model-figures.ts';

const tEs = (key: MessageKey, params?: MessageParams) =>
  translate({ ...es, ...embedEs }, key, params);
const tEn = (key: MessageKey, params?: MessageParams) =>
  translate({ ...en, ...embedEn }, key, params);

/** Params as server/models sends them for each code (docs/API.md, «semanticModel»). */
const PARAMS: Record<ModelProblem['code'], ModelProblem['params']> = {
  network: { reason: 'ECONNREFUSED' },
  http_status: { status: 404 },
  size: { file: 'tokenizer.json', bytes: 10, expected: 17082730 },
  checksum: { file: 'model_quantized.onnx' },
  disk_full: { path: '/home/ana/.config/soma/models' },
  not_writable: { path: '/home/ana/.config/soma/models' },
  busy: { model: 'multilingual-e5-small' },
  cancelled: {},
  not_a_folder: { dir: '/media/usb/e5' },
  missing: { file: 'tokenizer.json' },
  removed: { dir: '/home/ana/.config/soma/models/multilingual-e5-small' },
  unexpected: { reason: 'EIO' },
};

describe('web/embeddings/model-figures', () => {
  for (const [lang, t] of [
    ['es', tEs],
    ['en', tEn],
  ] as const) {
    it(`words every install failure in ${lang}, with every value it carries`, () => {
      for (const code of modelProblemCodes) {
        const text = describeModelProblem({ code, params: PARAMS[code] }, t);
        expect(text, code).not.toMatch(/[{}]|embed\.model/);
        for (const [name, value] of Object.entries(PARAMS[code])) {
          if (name === 'model' || name === 'bytes' || name === 'expected') continue;
          expect(text, `${code} ${name}`).toContain(String(value));
        }
      }
    });
  }

  it('says a duration as a person would, rounded to its largest unit', () => {
    expect(formatDuration(0.2, tEs)).toBe('1 s');
    expect(formatDuration(42, tEs)).toBe('42 s');
    expect(formatDuration(130, tEs)).toBe('2 min');
    expect(formatDuration(7_500, tEs)).toBe('2 h 5 min');
  });

  it('gives sizes in megabytes (kilobytes below one) in the UI’s locale', () => {
    expect(formatSize(135_390_915, 'es')).toBe('135 MB');
    expect(formatSize(4_250_000, 'es')).toBe('4,3 MB');
    expect(formatSize(4_250_000, 'en')).toBe('4.3 MB');
    expect(formatSize(25_289, 'es')).toBe('25 kB');
  });
});
