import type { EmbedProblem } from '../../common/embedding-schemas.ts';
import type { Words } from '../i18n/describe-notice.ts';
import type { MessageKey } from '../i18n/es.ts';

const MODEL_DIR_PROBLEMS = ['not_a_folder', 'missing', 'size', 'checksum'] as const;

/** The status's `lastError` in the UI's language, from its code and params (docs/API.md). */
export function describeEmbedProblem(problem: EmbedProblem, t: Words): string {
  const { code, params } = problem;
  if (code === 'model_dir_invalid') {
    const kind = MODEL_DIR_PROBLEMS.find((p) => p === params.problem) ?? 'missing';
    return t(`embed.problem.model_dir_invalid.${kind}`, params);
  }
  const key: MessageKey = `embed.problem.${code}`;
  return t(key, params);
}
