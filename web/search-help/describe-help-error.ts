import { LinkFailureSchema } from '../../common/notice-schemas.ts';
import { describeError } from '../i18n/describe-error.ts';
import { describeFailure, type Words } from '../i18n/describe-notice.ts';
import { ApiError } from '../lib/api-error.ts';

/**
 * A failed «Buscar con el modelo» in the UI's language. `search_help_failed` carries the
 * last link's failure as flat params (`failure` is its code), worded as chat words it.
 */
export function describeHelpError(error: unknown, t: Words): string {
  if (error instanceof ApiError && error.code === 'search_help_failed') {
    const { link, failure, ...params } = error.params;
    const parsed = LinkFailureSchema.safeParse({ code: failure, params });
    if (parsed.success && link !== undefined) {
      const reason = describeFailure(parsed.data, t);
      return t('searchHelp.linkFailed', { link, reason });
    }
  }
  return describeError(error, t);
}
