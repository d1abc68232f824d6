import { defineConfig } from 'vitest/config';

/** Vitest gets its own config: vite.config.ts sets `root: 'web'`, which would hide server tests. */
export default defineConfig({
  test: {
    root: '.',
    include: ['{server,web,common,cli,harness,bench,scripts}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
    pool: 'forks',
  },
});
