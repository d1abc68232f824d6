import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Guard for the project's first principle: every instruction the model
 * receives lives in harness/soma.json, never in the engine. Prompt text tends
 * to be long and phrased in the second person, so a long string literal (or
 * JSX text) in server/ or web/ that reads like one is flagged. It is a
 * heuristic: if it trips on legitimate text, reword it or move it to the harness.
 * Literals are found with the TypeScript parser, so comments never count.
 */

const MIN_LENGTH = 60;
const PROMPT_PHRASING =
  /\b(eres|you are|responde|respond|assistant|asistente|act[uú]a como|act as)\b/i;
const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
const TEST = /\.test\.(ts|tsx|js)$/;

/** Source files under a folder, tests and dependencies excluded. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

/** Literal texts in a source that read like a prompt. */
function promptLikeLiterals(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let literal: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) {
      literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    } else if (ts.isJsxText(node)) literal = node.text.trim();
    if (literal && literal.length >= MIN_LENGTH && PROMPT_PHRASING.test(literal)) {
      found.push(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('server/harness/no-prompt-in-code', () => {
  it('flags a long second-person instruction and ignores comments and short strings', () => {
    const code = [
      '// You are reading a comment that is long enough to count if comments were scanned at all.',
      "const ok = 'Eres corto';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: this is source code for the guard to read.
      'const bad = `Eres un asistente de investigación que responde siempre en español, ${x}.`;',
    ].join('\n');
    expect(promptLikeLiterals('x.ts', code)).toHaveLength(1);
  });

  it('finds no prompt text in server/ or web/ sources', () => {
    const root = process.cwd();
    const offenders = ['server', 'web'].flatMap((dir) =>
      sourceFiles(join(root, dir)).flatMap((file) =>
        promptLikeLiterals(file, readFileSync(file, 'utf8')).map(
          (literal) => `${relative(root, file)}: ${literal.slice(0, 80)}…`,
        ),
      ),
    );
    expect(offenders, 'prompt text belongs in harness/soma.json').toEqual([]);
  });
});
