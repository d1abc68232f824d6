import type { ModelProblem } from '../../common/embedding-schemas.ts';
import type { Words } from '../i18n/describe-notice.ts';

/** Bytes as the panel says them, in the UI's locale: «135 MB», «4,3 MB», «25 kB». */
export function formatSize(bytes: number, locale: string): string {
  if (bytes < 1_000_000) return `${Math.round(bytes / 1_000).toLocaleString(locale)} kB`;
  const mb = bytes / 1_000_000;
  return `${mb.toLocaleString(locale, { maximumFractionDigits: mb < 10 ? 1 : 0 })} MB`;
}

/** A duration rounded as a person says it: «40 s», «12 min», «2 h 5 min». */
export function formatDuration(seconds: number, t: Words): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return t('embed.duration.seconds', { n: s });
  const minutes = Math.round(s / 60);
  if (minutes < 60) return t('embed.duration.minutes', { n: minutes });
  return t('embed.duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** An install failure in the UI's language: what happened and what to do, from its code. */
export function describeModelProblem(problem: ModelProblem, t: Words): string {
  return t(`embed.model.problem.${problem.code}`, problem.params);
}
