import type { HarnessIssue, HarnessProblem } from '../../common/harness-problem.ts';
import type { Words } from './describe-notice.ts';
import type { MessageKey } from './es.ts';

/** Why the harness edit was refused, in the user's language, from the server's codes. */
export function describeHarnessProblem(problem: HarnessProblem, t: Words): string {
  switch (problem.kind) {
    case 'missing':
      return t('harness.problem.missing');
    case 'unreadable':
      return t('harness.problem.unreadable', { errno: problem.errno ?? '' });
    case 'json': {
      const json = problem.json;
      const reason = json ? jsonReason(json.reason, t) : '';
      if (json?.line === undefined || json.column === undefined)
        return t('harness.problem.jsonNowhere', { reason });
      return t('harness.problem.json', { line: json.line, column: json.column, reason });
    }
    case 'schema': {
      const parts = problem.issues.map((issue) =>
        t('harness.issue.at', { path: issue.path, problem: describeIssue(issue, t) }),
      );
      if (problem.more > 0) parts.push(t('harness.problem.more', { count: problem.more }));
      return parts.join('; ');
    }
  }
}

function jsonReason(reason: NonNullable<HarnessProblem['json']>['reason'], t: Words): string {
  const p = reason.params;
  if (reason.code !== 'expected') {
    return t(`harness.json.${reason.code}`, {
      close: String(p.close ?? ''),
      message: String(p.message ?? ''),
    });
  }
  const found = String(p.found ?? '');
  return t('harness.json.expected', {
    expected: t(`harness.json.expect.${String(p.expected)}` as MessageKey, {
      close: String(p.close ?? ''),
    }),
    found: found === '' ? t('harness.json.foundEnd') : found,
  });
}

const typeWord = (kind: unknown, t: Words) => t(`harness.type.${String(kind)}` as MessageKey);

function describeIssue(issue: HarnessIssue, t: Words): string {
  const p = issue.params;
  switch (issue.code) {
    case 'type':
      return t('harness.issue.type', {
        expected: typeWord(p.expected, t),
        got: typeWord(p.got, t),
      });
    case 'too_small':
    case 'too_big': {
      const unit = p.unit === 'chars' || p.unit === 'items' ? p.unit : 'value';
      return t(`harness.issue.${issue.code}.${unit}`, {
        limit: p.limit ?? '',
        got: p.got ?? '',
      });
    }
    case 'invalid_value':
      return t(
        Number(p.count) > 1 ? 'harness.issue.invalid_value.many' : 'harness.issue.invalid_value',
        p,
      );
    default:
      return t(`harness.issue.${issue.code}`, p);
  }
}
