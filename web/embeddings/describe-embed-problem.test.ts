import { describe, expect, it } from 'vitest';
import { type EmbedProblem, embedProblemCodes } from '../../common/embedding-schemas.ts';
import { embedEn } from '../i18n/embed-en.ts';
import { embedEs } from '../i18n/embed-es.ts';
import { en } from '../i18n/en.ts';
import { es, type MessageKey } from '../i18n/es.ts';
import { type MessageParams, translate } from '../i18n/translate.ts';
import { describeEmbedProblem } from './describe-embed-problem.ts';

const tEs = (key: MessageKey, params?: MessageParams) =>
  translate({ ...es, ...embedEs }, key, params);
const tEn = (key: MessageKey, params?: MessageParams) =>
  translate({ ...en, ...embedEn }, key, params);

/** Params as the server sends them for each code (docs/API.md, «lastError»). */
const PARAMS: Record<EmbedProblem['code'], EmbedProblem['params']> = {
  embeddings_off: { section: 'embeddings' },
  rate_limited: {},
  server_error: { status: 503 },
  timeout: { ms: 60000 },
  unreachable: { endpoint: 'http://127.0.0.1:11434/v1' },
  wrong_dimensions: { expected: 768, got: 1024 },
  bad_vector: {},
  count_mismatch: { expected: 16, got: 15 },
  bad_response: { status: 404 },
  key_missing: { env: 'EMB_KEY' },
  onnx_runtime_missing: { install: 'npm i -E onnxruntime-node@1.30.0' },
  tokenizer_missing: { install: 'npm i -E @huggingface/tokenizers@0.2.0' },
  model_dir_invalid: { dir: '/m', file: 'tokenizer.json', problem: 'missing' },
  model_failed: { reason: 'out of memory' },
};

describe('describeEmbedProblem', () => {
  for (const [lang, t] of [
    ['es', tEs],
    ['en', tEn],
  ] as const) {
    it(`words every code in ${lang}, with every param filled`, () => {
      for (const code of embedProblemCodes) {
        const params = PARAMS[code];
        const text = describeEmbedProblem({ code, params }, t);
        expect(text, code).not.toMatch(/\{\w+\}/);
        expect(text, code).not.toContain('embed.problem');
        for (const value of Object.values(params)) {
          if (code !== 'model_dir_invalid' || value !== 'missing')
            expect(text, code).toContain(String(value));
        }
      }
    });

    it(`words each model-folder problem on its own in ${lang}`, () => {
      const texts = ['not_a_folder', 'missing', 'size', 'checksum'].map((problem) =>
        describeEmbedProblem(
          {
            code: 'model_dir_invalid',
            params: { dir: '/m', file: 'model_quantized.onnx', problem, bytes: 10 },
          },
          t,
        ),
      );
      expect(new Set(texts).size).toBe(4);
      expect(texts[0]).toContain('/m');
      expect(texts[3]).toContain('SHA-256');
    });
  }
});
