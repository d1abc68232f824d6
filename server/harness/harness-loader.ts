import { readFile } from 'node:fs/promises';
import path from 'node:path';
// The Spanish locale alone: `zod/locales` loads all of zod's ~50 locales at start-up.
import es from 'zod/v4/locales/es.js';
import type { HarnessProblem } from '../../common/harness-problem.ts';
import { type Harness, HarnessSchema } from '../../harness/schema.ts';
import { harnessIssue, harnessIssueText } from './harness-issue.ts';
import { locateJsonError } from './json-error.ts';

/**
 * Why a harness file was refused: `problem` in codes (the UI words it in the user's
 * language), `message` in Spanish for the terminal and the log.
 */
export interface HarnessError {
  kind: HarnessProblem['kind'];
  file: string;
  message: string;
  problem: HarnessProblem;
}

export type HarnessResult = { ok: true; harness: Harness } | { ok: false; error: HarnessError };

/** How many schema problems one message lists: the first few are enough to start fixing. */
const MAX_ISSUES = 5;

/** Reads and validates a harness file; never throws for a bad or missing file. */
export async function loadHarness(file: string): Promise<HarnessResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return fail(problem('missing', file), 'no se encuentra el archivo del arnés');
    const errno = code ?? String(err);
    return fail(
      { ...problem('unreadable', file), errno },
      `no se puede leer el archivo (${errno})`,
    );
  }
  return parseHarness(text, file);
}

/** Validates harness text; `file` only names the source in error messages. */
export function parseHarness(text: string, file: string): HarnessResult {
  // Some Windows editors prepend a byte-order mark, which JSON.parse refuses.
  const source = text.replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (err) {
    const found = locateJsonError(source);
    const where = found ? `línea ${found.line}, columna ${found.column}: ` : '';
    const why = found?.reason ?? (err as Error).message;
    const json = found
      ? { line: found.line, column: found.column, reason: found.code }
      : { reason: { code: 'other' as const, params: { message: (err as Error).message } } };
    return fail({ ...problem('json', file), json }, `${where}JSON inválido: ${why}`);
  }
  // The Spanish locale is only the fallback for codes harnessIssue does not know.
  const result = HarnessSchema.safeParse(data, { error: es().localeError, reportInput: true });
  if (result.success) return { ok: true, harness: result.data };
  const issues = result.error.issues.slice(0, MAX_ISSUES).map(harnessIssue);
  const more = result.error.issues.length - issues.length;
  const texts = issues.map(harnessIssueText);
  if (more > 0) texts.push(`y ${more} problema(s) más`);
  return fail({ ...problem('schema', file), issues, more }, texts.join('; '));
}

function problem(kind: HarnessProblem['kind'], file: string): HarnessProblem {
  return { kind, file: displayName(file), issues: [], more: 0 };
}

function fail(p: HarnessProblem, detail: string): HarnessResult {
  return {
    ok: false,
    error: { kind: p.kind, file: p.file, message: `${p.file}: ${detail}`, problem: p },
  };
}

/** The file as the user knows it: relative to the working directory when inside it. */
export function displayName(file: string): string {
  const rel = path.relative(process.cwd(), file);
  const outside = rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  return rel && !outside ? rel : file;
}
