import {
  type LinkFailure,
  type SentKind,
  SentKindSchema,
  type TurnNotice,
} from '../../common/notice-schemas.ts';
import type { MessageKey } from './es.ts';
import type { MessageParams } from './translate.ts';

/** The `t` of the i18n store, as the wording functions need it. */
export type Words = (key: MessageKey, params?: MessageParams) => string;

/** A note about what a turn left out, in the UI's language; old answers kept a sentence. */
export function describeNotice(notice: TurnNotice | string, t: Words): string {
  if (typeof notice === 'string') return notice;
  if (notice.code !== 'attachment_cut') return t(`notice.${notice.code}`, notice.params);
  // Pasted text has no name of its own (its label is Spanish, for API users): it is called by its kind.
  const { kind, label } = notice.params;
  const named = kind === 'paste' ? sentKindWord(kind, t) : label;
  return t('notice.attachment_cut', { ...notice.params, label: named ?? '' });
}

/** Why a link of the provider chain failed; the provider's own words (`detail`) as it sent them. */
export function describeFailure(failure: LinkFailure, t: Words): string {
  const { code, params } = failure;
  const key =
    code === 'rate_limited' && params.retryAfter !== undefined
      ? 'failure.rate_limited.retry'
      : (`failure.${code}` as const);
  const text = t(key, params);
  return params.detail === undefined
    ? text
    : t('failure.detail', { failure: text, detail: params.detail });
}

/** The word for a kind of sent context ("Texto pegado"), or undefined for an unknown kind. */
export function sentKindWord(kind: string, t: Words): string | undefined {
  const known = (SentKindSchema.options as string[]).includes(kind);
  return known ? t(`sent.kind.${kind as SentKind}`) : undefined;
}
