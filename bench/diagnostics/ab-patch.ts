import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * An A/B test of a change on this noisy, shared machine: the tree as it is
 * ("old") and with a patch applied ("new"), built and measured in turns, so
 * that the host's slow and fast minutes fall on both. Each round runs both
 * arms, in the order old-new then new-old (ABBA), and prints the last lines
 * of each run under a header naming the arm; the tree is left as it was.
 *
 * `npx tsx bench/diagnostics/ab-patch.ts PATCH ROUNDS [--tail N] [--grep REGEX] -- COMMAND...`
 * e.g. `git diff web > /tmp/x.patch && git checkout web && npx tsx bench/diagnostics/ab-patch.ts
 * /tmp/x.patch 2 -- npx tsx bench/diagnostics/search-after-reload.ts 10000 0 4` (a new file
 * is in the patch once `git add -N` names it; `git apply -R` then takes it out).
 * A patch that touches only `web/` is built with `npx vite build`; any other,
 * with `npm run build`; `dist/` then holds the last arm's build. Compare the
 * medians of each arm's figures, never one run.
 */

export type Arm = 'old' | 'new';

/** The arms in the order they run: old-new, then new-old, and so on (ABBA). */
export function armOrder(rounds: number): { arm: Arm; round: number }[] {
  const out: { arm: Arm; round: number }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const pair: Arm[] = round % 2 === 1 ? ['old', 'new'] : ['new', 'old'];
    for (const arm of pair) out.push({ arm, round });
  }
  return out;
}

/** The paths a unified diff changes (its `+++ b/…` lines). */
export function patchedPaths(patch: string): string[] {
  return [...patch.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]!.trim());
}

function git(args: string[]): void {
  const r = spawnSync('git', args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed`);
}

function main(argv: string[]): void {
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  const [patchFile, roundsArg] = own.filter(
    (a, i) => !a.startsWith('--') && !own[i - 1]?.startsWith('--'),
  );
  const option = (name: string) => {
    const at = own.indexOf(name);
    return at < 0 ? undefined : own[at + 1];
  };
  const rounds = Number(roundsArg);
  if (!patchFile || !Number.isInteger(rounds) || rounds < 1 || command.length === 0) {
    console.error(
      'usage: npx tsx bench/diagnostics/ab-patch.ts PATCH ROUNDS [--tail N] [--grep REGEX] -- COMMAND...',
    );
    process.exit(2);
  }
  const tail = Number(option('--tail') ?? 12);
  const grepArg = option('--grep');
  const keep = grepArg ? new RegExp(grepArg) : null;
  const paths = patchedPaths(readFileSync(patchFile, 'utf8'));
  if (paths.length === 0) throw new Error(`${patchFile} changes no file`);
  // The tree must be "old": the patch applies to it.
  git(['apply', '--check', patchFile]);
  const webOnly = paths.every((p) => p.startsWith('web/'));
  const build = webOnly ? ['npx', ['vite', 'build']] : ['npm', ['run', 'build']];
  let applied = false;
  try {
    for (const { arm, round } of armOrder(rounds)) {
      if ((arm === 'new') !== applied) {
        git(applied ? ['apply', '-R', patchFile] : ['apply', patchFile]);
        applied = !applied;
      }
      const built = spawnSync(build[0] as string, build[1] as string[], { stdio: 'ignore' });
      if (built.status !== 0) throw new Error(`the ${arm} arm did not build`);
      const time = new Date().toISOString().slice(11, 19);
      console.log(`== ${arm} ${round} ${time}`);
      const run = spawnSync(command[0]!, command.slice(1), {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      const lines = `${run.stdout}${run.stderr}`
        .split('\n')
        .filter((l) => l.trim() !== '' && (!keep || keep.test(l)));
      console.log(lines.slice(-tail).join('\n'));
      if (run.status !== 0) console.log(`(exit ${run.status})`);
    }
  } finally {
    if (applied) git(['apply', '-R', patchFile]);
  }
}

if (process.argv[1]?.endsWith('ab-patch.ts')) main(process.argv.slice(2));
