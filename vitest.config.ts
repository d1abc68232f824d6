import { configDefaults, defineConfig } from 'vitest/config';

/** Every test file (each project says its own `include`: a root one would be merged into both). */
const ALL = ['{server,web,common,cli,harness,bench,scripts,testing}/**/*.test.ts'];
/**
 * Tests that spawn processes, kill writers or load the server for seconds: the
 * `slow` project. Everything else is `unit`, the everyday run (`npm run test:unit`).
 */
const SLOW = [
  'server/resilience/**/*.test.ts',
  'server/proposals/crash.test.ts',
  'server/history/history-crash.test.ts',
  'server/conversations/crash.test.ts',
  'server/main.test.ts',
  // The `soma` command on a real pseudo-terminal: starts tsx twice.
  'cli/soma-pty.test.ts',
  // `npm run model` end to end: starts Node with tsx six times.
  'server/models/model-command.test.ts',
];

/**
 * How long may one test or hook take? Sized for a loaded machine (two cores shared
 * with four CPU-bound processes), where a server start or a 1 MB page parse is
 * several times slower than idle; no test relies on these to decide an outcome.
 */
const UNIT_TIMEOUT_MS = 30_000;
/** The same for the slow project, whose tests start processes and wait on them. */
const SLOW_TIMEOUT_MS = 180_000;

/** Vitest gets its own config: vite.config.ts sets `root: 'web'`, which would hide server tests. */
export default defineConfig({
  test: {
    root: '.',
    environment: 'node',
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ALL,
          exclude: [...configDefaults.exclude, ...SLOW],
          testTimeout: UNIT_TIMEOUT_MS,
          hookTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          testTimeout: SLOW_TIMEOUT_MS,
          hookTimeout: SLOW_TIMEOUT_MS,
        },
      },
    ],
  },
});
