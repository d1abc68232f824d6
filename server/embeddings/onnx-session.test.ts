import { describe, expect, it } from 'vitest';
import { EmbedError } from './embedder.ts';
import { importOrExplain, ONNX_INSTALL, truncateIds } from './onnx-session.ts';

describe('server/embeddings/onnx-session', () => {
  it('turns a package that cannot load into its code and install command', async () => {
    const err = await importOrExplain(
      () => import('onnxruntime-missing-here' as string),
      'onnx_runtime_missing',
      ONNX_INSTALL,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbedError);
    expect((err as EmbedError).problem).toEqual({
      code: 'onnx_runtime_missing',
      params: { install: ONNX_INSTALL },
    });
    expect(ONNX_INSTALL).toBe('npm ci');
  });

  it('cuts ids to the limit and keeps the closing token', () => {
    expect(truncateIds([2, 10, 11, 12, 13, 3], 4)).toEqual([2, 10, 11, 3]);
    expect(truncateIds([2, 10, 3], 4)).toEqual([2, 10, 3]);
  });
});
